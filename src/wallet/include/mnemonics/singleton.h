// Monero's mnemonics/singleton.h: Language::Singleton<T>::instance() returns the
// one T of the process, built on the first call (thread safe: a function-local
// static) and, as in Monero, never destroyed (no destruction-order trouble at
// exit). T is one of the language classes (mnemonics/english.h, ...), or any
// default-constructible class. Whatever T's constructor throws propagates, and
// the next call tries again.
#pragma once

namespace Language {

template <class T>
class Singleton {
 public:
  Singleton(const Singleton &) = delete;
  Singleton &operator=(const Singleton &) = delete;

  static T *instance() {
    static T *const object = new T();
    return object;
  }

 private:
  Singleton() = default;
};

}  // namespace Language
