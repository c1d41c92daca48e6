# cmake -DBUILD_DIR=... -DTARGET=... -DHEADER=... [-DCONFIG=...] -P expect_compile_error.cmake
# Builds TARGET and succeeds only when the build FAILS because HEADER is not found
# (GCC: "HEADER: No such file or directory", Clang: "'HEADER' file not found",
# MSVC: "Cannot open include file: 'HEADER'"). Used by the architecture_probe_* tests.
set(config_args "")
if(CONFIG)
  set(config_args --config ${CONFIG})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target ${TARGET} ${config_args}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0)
  message(FATAL_ERROR "${TARGET} compiled: the include of ${HEADER} was not stopped by the layers\n${out}")
endif()
string(REGEX REPLACE "([][+.*()^$?|\\\\])" "\\\\\\1" h "${HEADER}")
if(NOT out MATCHES "${h}: No such file or directory|'${h}' file not found|Cannot open include file: '${h}'")
  message(FATAL_ERROR "${TARGET} failed for another reason than ${HEADER} not being found:\n${out}")
endif()
message(STATUS "${TARGET}: ${HEADER} not found, as it must be")
