# ctest c_api_scan_example: runs tests/c_api/scan_example.c's program on the
# real transaction of <shared>/data/vectors/owned_output_clsag_tx.json with its
# wallet's view secret and spend public keys, and checks the one line it must
# print (the change output: index 0, main address, the vector's amount).
#   cmake -DEXAMPLE=<program> -DSHARED=<shared dir> -P run_scan_example.cmake
# Prints SKIPPED (ctest's SKIP_REGULAR_EXPRESSION: "Skipped") without the shared directory.
set(_vector "${SHARED}/data/vectors/owned_output_clsag_tx.json")
if(DEFINED ENV{CNCRYPTO_SHARED_DIR} AND NOT "$ENV{CNCRYPTO_SHARED_DIR}" STREQUAL "")
  set(_vector "$ENV{CNCRYPTO_SHARED_DIR}/data/vectors/owned_output_clsag_tx.json")
endif()
if(NOT EXISTS "${_vector}")
  message("c_api_scan_example: SKIPPED: ${_vector} is absent (set CNCRYPTO_SHARED_DIR)")
  return()
endif()
file(READ "${_vector}" _json)
foreach(field tx_hex wallet_view_secret wallet_spend_public tx_hash_computed)
  string(JSON _${field} GET "${_json}" ${field})
endforeach()
string(JSON _amount GET "${_json}" output0_amount)
execute_process(COMMAND "${EXAMPLE}" ${_wallet_view_secret} ${_wallet_spend_public} ${_tx_hex}
                OUTPUT_VARIABLE _out RESULT_VARIABLE _rc)
set(_want "${_tx_hash_computed} 0 0,0 ${_amount}\n")
if(NOT _rc EQUAL 0 OR NOT _out STREQUAL _want)
  message(FATAL_ERROR "scan_example gave (status ${_rc}):\n${_out}\nexpected:\n${_want}")
endif()
message("c_api_scan_example: ${_out}")
