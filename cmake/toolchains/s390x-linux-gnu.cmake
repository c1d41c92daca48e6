# Cross build for s390x (64-bit big-endian IBM Z) with Debian's cross compiler
# (g++-s390x-linux-gnu: sysroot /usr/s390x-linux-gnu), for the big-endian run of
# scripts/bigendian.sh (docs/bigendian.md). The test binaries run under qemu-user
# (qemu-s390x -L /usr/s390x-linux-gnu), which ctest uses as the emulator.
#
# The target's libraries (libsodium, Boost.Test and program_options, utf8proc,
# librandomx, nlohmann-json) are Debian's s390x packages unpacked into CNCRYPTO_S390X_SYSROOT
# (default: build-s390x-sysroot at the repository root; scripts/bigendian.sh
# --install fills it), searched before the cross compiler's own sysroot.
#
# Usage: cmake -S . -B build-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/s390x-linux-gnu.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(CMAKE_C_COMPILER s390x-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER s390x-linux-gnu-g++)

set(_cn_root "${CMAKE_CURRENT_LIST_DIR}/../..")
get_filename_component(_cn_root "${_cn_root}" ABSOLUTE)
if(NOT CNCRYPTO_S390X_SYSROOT)
  if(DEFINED ENV{CNCRYPTO_S390X_SYSROOT})
    set(CNCRYPTO_S390X_SYSROOT "$ENV{CNCRYPTO_S390X_SYSROOT}")
  else()
    set(CNCRYPTO_S390X_SYSROOT "${_cn_root}/build-s390x-sysroot")
  endif()
endif()
set(CNCRYPTO_S390X_SYSROOT "${CNCRYPTO_S390X_SYSROOT}" CACHE PATH "Unpacked s390x packages (scripts/bigendian.sh --install)")
# try_compile projects see the same settings.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CNCRYPTO_S390X_SYSROOT)

set(CMAKE_FIND_ROOT_PATH "${CNCRYPTO_S390X_SYSROOT}" /usr/s390x-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_LIBRARY_ARCHITECTURE s390x-linux-gnu)

# pkg-config reads the unpacked packages' .pc files (libsodium, utf8proc) and
# prefixes their paths with the sysroot.
set(ENV{PKG_CONFIG_DIR} "")
set(ENV{PKG_CONFIG_LIBDIR} "${CNCRYPTO_S390X_SYSROOT}/usr/lib/s390x-linux-gnu/pkgconfig:${CNCRYPTO_S390X_SYSROOT}/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${CNCRYPTO_S390X_SYSROOT}")


# The unpacked libraries are found at run time through the rpath that CMake
# gives the test binaries, and through QEMU_LD_PREFIX/-L for the C library.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-s390x -L /usr/s390x-linux-gnu)
set(CMAKE_BUILD_RPATH "${CNCRYPTO_S390X_SYSROOT}/usr/lib/s390x-linux-gnu")
