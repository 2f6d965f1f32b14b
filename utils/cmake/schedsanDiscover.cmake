#===============================================================================
# FILE:
#    <prefix>/<libdir>/cmake/schedsan/schedsanDiscover.cmake
#    (installed from utils/cmake/schedsanDiscover.cmake)
#
# DESCRIPTION:
#    The build-time half of schedsan_discover_tests() (schedsanTesting.cmake),
#    run after each build of the test binary:
#      cmake -D SCHEDSAN_DISCOVER_PARAMS=<target>_schedsan_params.cmake -P this
#    Lists the binary's cases with `schedsan run --gtest|--catch2
#    --list-cases` and writes <target>_schedsan_tests.cmake: one add_test
#    per case, selecting exactly that case with --cases (its special
#    characters escaped).
#===============================================================================
include("${SCHEDSAN_DISCOVER_PARAMS}") # _runner _program _cases _prefix _tests
include("${CMAKE_CURRENT_LIST_DIR}/schedsanTesting.cmake") # _schedsan_bracket

list(GET _runner 0 _schedsan)
list(GET _runner -1 _framework) # --gtest or --catch2
set(_select)
if(_cases)
  set(_select --cases "${_cases}")
endif()
execute_process(
  COMMAND "${_schedsan}" run ${_framework} --list-cases ${_select} -- ${_program}
  OUTPUT_VARIABLE _out ERROR_VARIABLE _err RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "schedsan_discover_tests: listing the cases of "
                      "${_program} failed (${_rc}):\n${_err}")
endif()

# One case a line; a ';' in a name must not split it.
string(REPLACE ";" "\\;" _out "${_out}")
string(REPLACE "\n" ";" _names "${_out}")
_schedsan_bracket(_runner_text ${_runner})
_schedsan_bracket(_program_text ${_program})
set(_text "")
foreach(_name IN LISTS _names)
  if(_name STREQUAL "")
    continue()
  endif()
  # --cases syntax: \ escapes :, -, *, ? and \ itself.
  string(REGEX REPLACE "([\\:*?-])" "\\\\\\1" _exact "${_name}")
  string(APPEND _text "add_test([==[${_prefix}${_name}]==]${_runner_text}"
                      " --cases [==[${_exact}]==] --${_program_text})\n")
endforeach()
file(WRITE "${_tests}" "${_text}")
