# Static checks run by ctest (label lint), included from tests/CMakeLists.txt.
#
# lint.thread_safety: Clang's thread-safety analysis (-Wthread-safety as errors) over every
# translation unit of emulator/, hrcore/, tools/ and bench/ that reaches the annotated mutexes
# (emulator/src/sync/), with this build's flags from compile_commands.json, two at a time. Its
# self-test first proves that a GUARDED_BY member read without its lock is rejected. Without
# clang++ it fails: a check that did not run is not a pass (tests/lint/check_thread_safety.py).
set(DDBEMU_CLANG_CXX clang++ CACHE STRING "The clang++ of ctest lint.thread_safety")
if(Python3_Interpreter_FOUND AND CMAKE_EXPORT_COMPILE_COMMANDS)
  add_test(NAME lint.thread_safety
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_thread_safety.py
                   ${PROJECT_BINARY_DIR}/compile_commands.json ${PROJECT_SOURCE_DIR}
                   --jobs 2 --clang ${DDBEMU_CLANG_CXX})
  set_tests_properties(lint.thread_safety PROPERTIES TIMEOUT 900 PROCESSORS 2 LABELS lint)
endif()

# lint.clang_format: every .cc, .h and .c file of emulator/, hrcore/, bench/, tests/, tools/ and
# examples/ as clang-format writes it with the checkout's .clang-format (tools/dev format
# applies it). A self-test first proves the clang-format found refuses a bad file.
set(DDBEMU_CLANG_FORMAT clang-format CACHE STRING "The clang-format of ctest lint.clang_format")
if(Python3_Interpreter_FOUND)
  add_test(NAME lint.clang_format
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_format.py
                   ${PROJECT_SOURCE_DIR} --clang-format ${DDBEMU_CLANG_FORMAT})
  set_tests_properties(lint.clang_format PROPERTIES TIMEOUT 300 LABELS lint)
endif()

# lint.abi_namespace: every C++ file opens ddbemu through the versioned inline namespace of
# ddbemu/version.h, with that header in reach (a plain `namespace ddbemu` would declare second,
# different entities; the macro without its header would open a namespace of its own name).
if(Python3_Interpreter_FOUND)
  add_test(NAME lint.abi_namespace
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_abi_namespace.py
                   ${PROJECT_SOURCE_DIR})
  set_tests_properties(lint.abi_namespace PROPERTIES LABELS lint)
endif()

# lint.public_defaults: every scalar or enum member of the public headers has a default, so that
# a request declared without an initializer holds no indeterminate value.
# lint.public_strict: the public headers (together and one by one) and examples/ compile as an
# outside consumer's code with -Wall -Wextra -Werror on GCC and on Clang.
if(Python3_Interpreter_FOUND)
  add_test(NAME lint.public_defaults
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_public_defaults.py
                   ${PROJECT_SOURCE_DIR})
  add_test(NAME lint.public_defaults_self_test
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_public_defaults.py
                   --self-test)
  add_test(NAME lint.public_strict
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_public_strict.py
                   ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR} --cxx ${CMAKE_CXX_COMPILER}
                   --cxx ${DDBEMU_CLANG_CXX} --jobs 2)
  set_tests_properties(lint.public_defaults lint.public_defaults_self_test PROPERTIES LABELS lint)
  set_tests_properties(lint.public_strict PROPERTIES TIMEOUT 600 PROCESSORS 2 LABELS lint)
endif()
