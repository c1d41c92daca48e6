"""The cffi builder of cncrypto's native module (out-of-line API mode).

Used by setup.py. The declarations given to cffi are
generated from the C ABI's own header, ``src/capi/include/cncrypto.h``: every
``CNCRYPTO_API`` function and every integer ``CNCRYPTO_*`` macro, so a function
added to the C ABI is in ``cncrypto._native.lib`` at the next build with no
edit here. The module is compiled against that header and linked with the
static ``libcncrypto_c.a`` that setup.py builds with the project's CMake
(docs/python.md explains the choice).
"""
import os
import re

from cffi import FFI

MODULE = "cncrypto._native"


def header_path(source_dir):
    return os.path.join(source_dir, "src", "capi", "include", "cncrypto.h")


def cdef_from_header(text):
    """The cffi declarations of cncrypto.h's functions, types (opaque handles and
    the record structs, with their fields) and integer macros."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"\)\s*CNCRYPTO_WARN_UNUSED_RESULT\s*;", ");", text)
    out = []
    for name, value in re.findall(r"^#define (CNCRYPTO_[A-Z0-9_]+)[ \t]+(\S[^\n]*)$", text, flags=re.M):
        if re.fullmatch(r"\(?-?[0-9]+[uU]?\)?", value.strip()):
            out.append("#define %s ..." % name)
    out.extend(re.findall(r"^typedef struct \w+ \w+;$", text, flags=re.M))
    # record types the C ABI fills (cncrypto_owned_output): their whole layout
    for body in re.findall(r"^typedef struct \w+ \{[^}]*\} \w+;$", text, flags=re.M):
        out.append(" ".join(body.split()))
    for decl in re.findall(r"CNCRYPTO_API\s+([^;#]*?\));", text, flags=re.S):
        out.append(" ".join(decl.split()) + ";")
    if not any("cncrypto_cn_fast_hash" in line for line in out):
        raise RuntimeError("no cncrypto_* declaration found in cncrypto.h")
    return "\n".join(out)


def make_ffi(header_text):
    """The FFI object of ``MODULE``: cncrypto.h's declarations, compiled against it.

    setup.py writes its C source (``emit_c_code``) and gives the Extension the
    include path, the static archive and the libraries it needs."""
    ffi = FFI()
    ffi.cdef(cdef_from_header(header_text))
    ffi.set_source(MODULE, '#include "cncrypto.h"\n')
    return ffi
