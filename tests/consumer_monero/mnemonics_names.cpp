// Monero's idiom for src/mnemonics: Language::Singleton over the language
// classes (mnemonics/english.h, german.h, ...), Language::Base's accessors and
// maps, Language::utf8prefix, and crypto::ElectrumWords with
// epee::wipeable_string, compiled against the installed package with Monero's
// include paths only (scripts/test-consumer.sh). Expected values: the English and
// German seeds of serai-dex/serai's networks/monero/wallet/seed/src/tests.rs
// (f7f6c48b), as recorded in ../shared/data/wallet/seeds.json (serai-01-English,
// serai-05-German); Monero's names from its 0.18 language headers.
#include <cstring>
#include <string>
#include <vector>

#include "check.h"
#include "crypto/crypto.h"
#include "mnemonics/electrum-words.h"
#include "mnemonics/english.h"
#include "mnemonics/english_old.h"
#include "mnemonics/german.h"
#include "mnemonics/japanese.h"
#include "mnemonics/language_base.h"
#include "mnemonics/singleton.h"
#include "wipeable_string.h"

using monero_idiom::check;
using monero_idiom::from_hex;

int main() {
  const char *me = "mnemonics_names";

  // The language objects, as Monero's wallet code reaches them.
  std::vector<Language::Base *> languages({Language::Singleton<Language::English>::instance(),
                                           Language::Singleton<Language::German>::instance(),
                                           Language::Singleton<Language::Japanese>::instance()});
  check(me, "Singleton gives one object", Language::Singleton<Language::English>::instance() == languages[0]);
  check(me, "English name and prefix",
        languages[0]->get_language_name() == "English" && languages[0]->get_unique_prefix_length() == 3);
  check(me, "German's Monero name", languages[1]->get_language_name() == "Deutsch" &&
                                        languages[1]->get_english_language_name() == "German");
  check(me, "1626 words", languages[2]->get_word_list().size() == 1626);
  check(me, "English word 0 is abbey", languages[0]->get_word_list()[0] == "abbey");
  check(me, "word map ignores case", languages[0]->get_word_map().at("ABBEY") == 0);
  check(me, "trimmed map finds the prefix", languages[0]->get_trimmed_word_map().at("abb") == 0);
  const Language::Base *old = Language::Singleton<Language::EnglishOld>::instance();
  check(me, "English (old)", old->get_language_name() == crypto::ElectrumWords::old_language_name);

  // utf8prefix counts characters, on wipeable_string and std::string.
  check(me, "utf8prefix of wipeable_string",
        Language::utf8prefix(epee::wipeable_string("\xc3\xa6on"), 1) == epee::wipeable_string("\xc3\xa6"));
  check(me, "utf8prefix of std::string", Language::utf8prefix(std::string("abc"), 2) == "ab");

  // A seed to a key and back, with wipeable strings.
  const std::string words =
      "washing thirsty occur lectures tuesday fainted toxic adapt abnormal memoir nylon mostly building "
      "shrugged online ember northern ruby woes dauntless boil family illness inroads northern";
  crypto::secret_key expected;
  from_hex("c0af65c0dd837e666b9d0dfed62745f4df35aed7ea619b2798a709f0fe545403", expected);
  crypto::secret_key key;
  std::string language;
  check(me, "words_to_bytes(std::string)", crypto::ElectrumWords::words_to_bytes(words, key, language));
  check(me, "serai-01-English key", std::memcmp(&key, &expected, 32) == 0 && language == "English");
  epee::wipeable_string seed;
  check(me, "bytes_to_words(secret_key)", crypto::ElectrumWords::bytes_to_words(key, seed, language));
  check(me, "the same 25 words", std::string(seed.data(), seed.size()) == words);
  check(me, "a 25-word seed is not old style", !crypto::ElectrumWords::get_is_old_style_seed(seed));

  // 16 bytes through the (const char *, size_t) and wipeable_string forms.
  epee::wipeable_string thirteen, back;
  check(me, "bytes_to_words 16 bytes", crypto::ElectrumWords::bytes_to_words(key.data, 16, thirteen, "German"));
  std::string german;
  check(me, "words_to_bytes 16 bytes",
        crypto::ElectrumWords::words_to_bytes(thirteen, back, 16, false, german) && german == "Deutsch");
  check(me, "16 bytes back", back.size() == 16 && std::memcmp(back.data(), key.data, 16) == 0);

  // serai-05-German, typed in lower case.
  crypto::secret_key de;
  from_hex("79801b7a1b9796856e2397d862a113862e1fdc289a205e79d8d70995b276db06", expected);
  const epee::wipeable_string lower(
      "kaliber gabelung tapir liveband favorit specht enklave nabel jupiter foliant chronik nisten l\xc3\xb6ten "
      "vase aussage rekord yeti gesetz eleganz alraune k\xc3\xbcnstler almweide jahr kastanie almweide");
  check(me, "German seed in lower case",
        crypto::ElectrumWords::words_to_bytes(lower, de, german) && std::memcmp(&de, &expected, 32) == 0);

  // Languages.
  std::vector<std::string> list;
  crypto::ElectrumWords::get_language_list(list, true);
  check(me, "12 languages, German first", list.size() == 12 && list[0] == "German");
  check(me, "get_english_name_for", crypto::ElectrumWords::get_english_name_for("Deutsch") == "German");
  check(me, "is_valid_language", crypto::ElectrumWords::is_valid_language("English") &&
                                     !crypto::ElectrumWords::is_valid_language("EnglishOld"));
  epee::wipeable_string none;
  check(me, "bytes_to_words refuses English (old)",
        !crypto::ElectrumWords::bytes_to_words(key, none, crypto::ElectrumWords::old_language_name) && none.empty());
  return 0;
}
