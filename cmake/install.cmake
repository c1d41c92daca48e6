# Installation: the library, its public headers, the tools (installed from
# src/tools), a CMake package and a pkg-config file. Consumers write
#   find_package(cncrypto CONFIG REQUIRED)  +  target_link_libraries(app PRIVATE cncrypto::cncrypto)
# or
#   c++ app.cpp $(pkg-config --cflags --libs cncrypto)
# and then include headers exactly as inside the tree: #include "crypto/hash.h".
# tests/consumer/ is a consumer that scripts/test-consumer.sh builds both ways.
include(CMakePackageConfigHelpers)

set(CNCRYPTO_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/cncrypto" CACHE STRING
    "Where the CMake package files of cncrypto are installed (relative to the prefix)")

install(TARGETS cncrypto EXPORT cncryptoTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# Public headers only: each layer's include/ folder (src/<layer>/include/crypto/hash.h
# -> include/cncrypto/crypto/hash.h). Internal and private headers are not installed.
foreach(_dir IN LISTS CNCRYPTO_PUBLIC_INCLUDE_DIRS)
  install(DIRECTORY ${_dir}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/cncrypto
          FILES_MATCHING PATTERN "*.h" PATTERN "*.hpp" PATTERN "*.inl"
                         # Monero's source paths that Monero's tests #include
                         # (crypto/crypto.cpp, crypto/random.c, ...): docs/monero_api.md
                         PATTERN "*.c" PATTERN "*.cpp")
endforeach()

# libutf8proc is private (no public header includes it): Libs.private for a shared
# libcncrypto; a static libcncrypto.a needs it on every link line, so there it is in
# Libs (a plain `pkg-config --libs cncrypto` must link) and cncryptoConfig.cmake
# finds it (CNCRYPTO_STATIC). It is named as -lutf8proc, not through its own .pc
# (Requires/Requires.private): Debian's libutf8proc.pc has
# `Cflags: -DUTF8PROC_EXPORTS`, which `pkg-config --cflags` would pass to every
# program of ours although none includes utf8proc.h (the library is in the
# linker's default path on the systems scripts/install-deps.sh supports).
get_target_property(_cncrypto_type cncrypto TYPE)
if(_cncrypto_type STREQUAL "STATIC_LIBRARY")
  set(CNCRYPTO_STATIC ON)
  set(CNCRYPTO_PC_LIBS_PRIVATE_LINE "")
else()
  set(CNCRYPTO_STATIC OFF)
  set(CNCRYPTO_PC_LIBS_PRIVATE_LINE "Libs.private: -lutf8proc")
endif()
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/cncryptoConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/cncryptoConfig.cmake
                              INSTALL_DESTINATION ${CNCRYPTO_INSTALL_CMAKEDIR})
# 0.x releases are compatible only within the same minor version.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cncryptoConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cncryptoConfig.cmake ${PROJECT_BINARY_DIR}/cncryptoConfigVersion.cmake
        DESTINATION ${CNCRYPTO_INSTALL_CMAKEDIR})

# pkg-config: paths relative to the .pc file, so `cmake --install --prefix X` works.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(CNCRYPTO_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(CNCRYPTO_PC_LIBDIR "${CMAKE_INSTALL_FULL_LIBDIR}")
  set(CNCRYPTO_PC_INCLUDEDIR "${CMAKE_INSTALL_FULL_INCLUDEDIR}/cncrypto")
else()
  file(RELATIVE_PATH _cncrypto_pc_up "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
  string(REGEX REPLACE "/$" "" _cncrypto_pc_up "${_cncrypto_pc_up}")
  set(CNCRYPTO_PC_PREFIX "\${pcfiledir}/${_cncrypto_pc_up}")
  set(CNCRYPTO_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(CNCRYPTO_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}/cncrypto")
endif()
# Public compile definitions of the library (the exported CMake target carries them).
set(CNCRYPTO_PC_CFLAGS "")
if(CNCRYPTO_FE_10LIMB)
  string(APPEND CNCRYPTO_PC_CFLAGS " -DCNCRYPTO_FE_10LIMB")
endif()
set(CNCRYPTO_PC_LIBS "")
if(CNCRYPTO_STATIC)
  string(APPEND CNCRYPTO_PC_LIBS " -lutf8proc")  # see above
endif()
if(CNCRYPTO_HAVE_RANDOMX)
  string(APPEND CNCRYPTO_PC_LIBS " -lrandomx")  # librandomx has no .pc file of its own
endif()
# A static libcncrypto.a: the C++ runtime for C programs (src/CMakeLists.txt), after
# librandomx, which is C++ too.
foreach(_lib IN LISTS CNCRYPTO_CXX_RUNTIME_LIBS)
  string(APPEND CNCRYPTO_PC_LIBS " -l${_lib}")
endforeach()
configure_file(${PROJECT_SOURCE_DIR}/cmake/cncrypto.pc.in ${PROJECT_BINARY_DIR}/cncrypto.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/cncrypto.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The C ABI (src/capi, docs/c_api.md): libcncrypto_c.so.N (+ the .so link) and
# libcncrypto_c.a, cncrypto.h directly under include/ (a C program includes
# <cncrypto.h> and sees no C++ header), and cncrypto_c.pc:
#   cc app.c $(pkg-config --cflags --libs cncrypto_c)
#   cc -static app.c $(pkg-config --static --cflags --libs cncrypto_c)
# The shared library is also in the CMake package: find_package(cncrypto CONFIG) then
# target_link_libraries(app PRIVATE cncrypto::cncrypto_c) (a C project needs no C++).
if(TARGET cncrypto_c)
  install(TARGETS cncrypto_c EXPORT cncryptoTargets
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(TARGETS cncrypto_c_static
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES ${PROJECT_SOURCE_DIR}/src/capi/include/cncrypto.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  string(REPLACE "/cncrypto" "" CNCRYPTO_C_PC_INCLUDEDIR "${CNCRYPTO_PC_INCLUDEDIR}")
  set(CNCRYPTO_C_PC_LIBS_PRIVATE " -lutf8proc")  # not libutf8proc.pc's -DUTF8PROC_EXPORTS (above)
  if(CNCRYPTO_HAVE_RANDOMX)
    string(APPEND CNCRYPTO_C_PC_LIBS_PRIVATE " -lrandomx")
  endif()
  set(_c_runtime ${CMAKE_CXX_IMPLICIT_LINK_LIBRARIES})
  list(FILTER _c_runtime INCLUDE REGEX "^(stdc\\+\\+|c\\+\\+|c\\+\\+abi|m)$")
  list(REMOVE_DUPLICATES _c_runtime)
  foreach(_lib IN LISTS _c_runtime)
    string(APPEND CNCRYPTO_C_PC_LIBS_PRIVATE " -l${_lib}")
  endforeach()
  configure_file(${PROJECT_SOURCE_DIR}/cmake/cncrypto_c.pc.in ${PROJECT_BINARY_DIR}/cncrypto_c.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/cncrypto_c.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()

# (after every install(TARGETS ... EXPORT cncryptoTargets) above)
install(EXPORT cncryptoTargets NAMESPACE cncrypto:: DESTINATION ${CNCRYPTO_INSTALL_CMAKEDIR})
