// Private to the wallet layer's seed code: the word lists in compressed form
// (CNCRYPTO_COMPRESSED_WORDLISTS, the WebAssembly build's default; docs/wasm.md,
// docs/measurements/wasm.md). generate_wordlists.cmake then writes, instead of
// string arrays, one DEFLATE stream (RFC 1951) of both families' words (Monero's
// and Polyseed's lists, related lists side by side), front-coded (each word: one
// digit k, the number of leading bytes it shares with the word before it in its
// list, at most 9; its other bytes, ended by the next digit or the end: no word
// has a digit), and pointer arrays that unpack_wordlists fills at start-up
// (static initialisation of the generated include). In wasm32 the arrays of
// string pointers (4 bytes a word) and the plain text cost 500 KB of the module;
// compressed they are 94 KB, and the arrays live in zero-initialised memory,
// which takes no bytes in the module.
#pragma once

#include <cstddef>

namespace cncrypto::mnemonics {

// Inflates the raw DEFLATE stream data[0 .. size), which must give exactly
// packed_bytes of front-coded words, writes the words into text[0 .. text_bytes)
// NUL-terminated, which they must fill exactly, and points lists[l][w] at them
// in order: list_count lists, list l of words_per_list[l] words. Returns true; throws
// std::logic_error for a stream that is not DEFLATE or does not give those
// words (a build error: the data is generated from the repository's lists), or
// std::bad_alloc. Not constant time (public data). cncrypto's own.
bool unpack_wordlists(const unsigned char *data, std::size_t size, std::size_t packed_bytes, char *text,
                      std::size_t text_bytes, const char **const *lists, const std::size_t *words_per_list,
                      std::size_t list_count);

}  // namespace cncrypto::mnemonics
