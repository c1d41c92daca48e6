// The README's example in Node: scans a real transaction for its wallet.
// Usage: node scan.mjs path/to/shared/data/vectors/owned_output_clsag_tx.json
import { readFile } from 'node:fs/promises';
import { create } from 'cncrypto';

const bytes = (hex) => Uint8Array.from(hex.match(/../g), (b) => parseInt(b, 16));
const v = JSON.parse(await readFile(process.argv[2], 'utf8'));  // a transaction and its wallet's keys
const cn = await create();
const scanner = cn.scanner({ viewSecretKey: bytes(v.wallet_view_secret), spendPublicKey: bytes(v.wallet_spend_public) });
for (const o of scanner.scan([bytes(v.tx_hex)])) console.log(`output ${o.outputIndex}: ${o.amount} piconero`);
scanner.dispose();
