// Private to the wallet layer's seed code: the word lists in compressed form
// (CNCRYPTO_COMPRESSED_WORDLISTS, the WebAssembly build's default; docs/wasm.md,
// docs/measurements/wasm.md). generate_wordlists.cmake then writes, instead of
// string arrays, one DEFLATE stream (RFC 1951) of every list's words, each
// followed by a newline, and pointer arrays that unpack_wordlists fills at start-up
// (static initialisation of the generated include). In wasm32 the arrays of
// string pointers (4 bytes a word) and the plain text cost 500 KB of the module;
// compressed they are 140 KB, and the arrays live in zero-initialised memory,
// which takes no bytes in the module.
#pragma once

#include <cstddef>

namespace cncrypto::mnemonics {

// Inflates the raw DEFLATE stream data[0 .. size) into text[0 .. text_bytes),
// which must come out exactly text_bytes long, then points lists[l][w] at the
// words in order: list_count lists of words_per_list words, each ended by a
// newline, which becomes its NUL.
// Returns true; throws std::logic_error for a stream that is not DEFLATE or does
// not give that many words (a build error: the data is generated from the
// repository's lists). Not constant time (public data). cncrypto's own.
bool unpack_wordlists(const unsigned char *data, std::size_t size, char *text, std::size_t text_bytes,
                      const char **const *lists, std::size_t list_count, std::size_t words_per_list);

}  // namespace cncrypto::mnemonics
