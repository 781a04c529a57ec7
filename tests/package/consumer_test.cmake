# Builds and runs examples/quickstart.cc as an outside project (cmake -P; see CMakeLists.txt).
#   MODE=install: cmake --install into WORK_DIR/prefix, then examples/ with find_package, and
#                 the same source compiled with pkg-config's flags.
#   MODE=subdir:  tests/package/subdir_consumer, which add_subdirectory()s the source tree.
cmake_minimum_required(VERSION 3.25)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    list(JOIN ARGN " " cmd)
    message(FATAL_ERROR "failed (${rc}): ${cmd}\n${out}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(configure_args -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX})
if(LAUNCHER)
  list(APPEND configure_args -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()

if(MODE STREQUAL "install")
  set(prefix ${WORK_DIR}/prefix)
  run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} --component ddbemu_development)
  foreach(f include/ddbemu/database.h include/ddbemu/testing/gtest.h)
    if(NOT EXISTS ${prefix}/${f})
      message(FATAL_ERROR "${f} was not installed")
    endif()
  endforeach()

  # CMake: find_package(ddbemu) in examples/CMakeLists.txt.
  run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples -B ${WORK_DIR}/build ${configure_args}
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
  run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
  run(${WORK_DIR}/build/ddbemu_quickstart)
  message(STATUS "find_package(ddbemu): ${last_output}")
  # ddbemu::gtest, built when GoogleTest is found; its ClientTest starts this build's ddb-local,
  # as a user's would start the one on PATH.
  set(ENV{DDB_LOCAL_BIN} ${BUILD_DIR}/tools/ddb-local)
  run(${WORK_DIR}/build/ddbemu_fixture_test)
  message(STATUS "ddbemu::gtest: ${last_output}")

  # pkg-config: the flags of the installed ddbemu.pc, straight to the compiler.
  file(GLOB_RECURSE pc ${prefix}/*/ddbemu.pc)
  get_filename_component(pc_dir "${pc}" DIRECTORY)
  set(ENV{PKG_CONFIG_PATH} ${pc_dir})
  run(pkg-config --cflags --libs ddbemu)
  string(STRIP "${last_output}" flags)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  run(${CXX} -std=c++20 ${SOURCE_DIR}/examples/quickstart.cc -o ${WORK_DIR}/quickstart_pc ${flags})
  run(${WORK_DIR}/quickstart_pc)
  message(STATUS "pkg-config ddbemu: ${last_output}")
elseif(MODE STREQUAL "subdir")
  # No optimization, in unity batches: the library is compiled again here, and only its linking
  # matters (a consumer's DDBEMU_UNITY_BUILD reaches the library, as any of its options does).
  run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/package/subdir_consumer -B ${WORK_DIR}/build
      ${configure_args} -DDDBEMU_SOURCE_DIR=${SOURCE_DIR} -DDDBEMU_UNITY_BUILD=ON)
  run(${CMAKE_COMMAND} --build ${WORK_DIR}/build --target consumer)
  run(${WORK_DIR}/build/consumer)
  message(STATUS "add_subdirectory(ddbemu): ${last_output}")
else()
  message(FATAL_ERROR "MODE must be install or subdir")
endif()
