# How other projects use ddbemu: the namespaced targets, the install rules and the package
# files (docs/using-cpp.md, "Adding ddbemu to a build").
#
#   add_subdirectory / FetchContent: ddbemu::ddbemu (and ddbemu::gtest) alias the in-tree targets.
#   cmake --install: headers, one combined static library libddbemu.a, ddb-local, the CMake
#                    package (find_package(ddbemu) -> ddbemu::ddbemu, ddbemu::gtest) and ddbemu.pc.
#
# The library is built as one static library per layer (emulator/CMakeLists.txt), which a user
# should not have to know about, so the install holds one archive made of the objects of every
# static library under emulator/. Its link dependencies are read from those targets, so a new
# layer or a new dependency needs no edit here (an imported dependency the mapping below does
# not know is a warning: add it there).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# Every static (or object) library defined under `dir` and its subdirectories.
function(_ddbemu_libraries_under dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  set(found)
  foreach(t IN LISTS targets)
    get_target_property(type ${t} TYPE)
    if(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "OBJECT_LIBRARY")
      list(APPEND found ${t})
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    _ddbemu_libraries_under(${sub} sub_found)
    list(APPEND found ${sub_found})
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

_ddbemu_libraries_under(${PROJECT_SOURCE_DIR}/emulator DDBEMU_PACKAGED_LIBRARIES)

# The public headers need C++20 (designated initializers), in every consumer.
target_compile_features(ddbemu PUBLIC cxx_std_20)
# ddbemu::ddbemu in a source tree: everything the public headers declare — the Database and the
# embedded Client (ddbemu), the HTTP Client (ddbemu_client), and whatever library joins them
# under emulator/ — as the installed libddbemu.a has it. The server's internals are left out.
if(NOT TARGET ddbemu_all)
  add_library(ddbemu_all INTERFACE)
  set(_public ${DDBEMU_PACKAGED_LIBRARIES})
  list(REMOVE_ITEM _public ddbemu_server)
  target_link_libraries(ddbemu_all INTERFACE ${_public})
endif()
if(NOT TARGET ddbemu::ddbemu)
  add_library(ddbemu::ddbemu ALIAS ddbemu_all)
endif()

# GoogleTest helper (ddbemu/testing/gtest.h): header only, so it compiles with the consumer's
# own GoogleTest and flags. Defined when GoogleTest is available.
if(NOT TARGET GTest::gtest)
  find_package(GTest QUIET)
endif()
if(TARGET GTest::gtest AND NOT TARGET ddbemu_gtest)
  add_library(ddbemu_gtest INTERFACE)
  target_link_libraries(ddbemu_gtest INTERFACE ddbemu_all GTest::gtest)
  add_library(ddbemu::gtest ALIAS ddbemu_gtest)
  # In this tree, ddbemu/testing/client_test.h's fixture starts the ddb-local built beside it
  # (an installed fixture finds /usr/bin/ddb-local on PATH).
  if(TARGET ddb-local)
    target_compile_definitions(ddbemu_gtest INTERFACE
                               DDBEMU_DDB_LOCAL_PATH="$<TARGET_FILE:ddb-local>")
  endif()
endif()

if(NOT DDBEMU_INSTALL)
  return()
endif()

# The dependencies of those libraries that are not themselves ddbemu libraries or interface
# layers (an interface layer's own dependencies are followed).
set(_ddbemu_external)
set(_ddbemu_pending ${DDBEMU_PACKAGED_LIBRARIES})
set(_ddbemu_seen ${DDBEMU_PACKAGED_LIBRARIES})
while(_ddbemu_pending)
  list(POP_FRONT _ddbemu_pending _t)
  get_target_property(_links ${_t} INTERFACE_LINK_LIBRARIES)
  get_target_property(_type ${_t} TYPE)
  if(NOT _type STREQUAL "INTERFACE_LIBRARY")
    get_target_property(_direct ${_t} LINK_LIBRARIES)
    if(_direct)
      list(APPEND _links ${_direct})
    endif()
  endif()
  foreach(_l IN LISTS _links)
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" _l "${_l}")
    if(NOT _l OR _l MATCHES "-NOTFOUND$" OR _l IN_LIST _ddbemu_seen)
      continue()
    endif()
    list(APPEND _ddbemu_seen ${_l})
    if(TARGET ${_l})
      get_target_property(_imported ${_l} IMPORTED)
      get_target_property(_ltype ${_l} TYPE)
      if(NOT _imported AND _ltype STREQUAL "INTERFACE_LIBRARY")
        list(APPEND _ddbemu_pending ${_l})  # an empty layer: follow what it links
        continue()
      endif()
      if(NOT _imported)
        message(FATAL_ERROR "ddbemu packaging: ${_t} links ${_l}, a library outside emulator/")
      endif()
    endif()
    list(APPEND _ddbemu_external ${_l})
  endforeach()
endwhile()

# For each external dependency: what ddbemuConfig.cmake runs to find it, and what ddbemu.pc
# requires. Boost is headers only at link time, so the .pc file does not name it.
set(_ddbemu_kinds)
set(_ddbemu_link_interface)
set(DDBEMU_PC_LIBS "")
foreach(_l IN LISTS _ddbemu_external)
  if(_l STREQUAL "Threads::Threads")
    list(APPEND _ddbemu_kinds Threads)
  elseif(_l MATCHES "^Boost::")
    list(APPEND _ddbemu_kinds Boost)
  elseif(_l STREQUAL "PkgConfig::LMDB")
    list(APPEND _ddbemu_kinds LMDB)
  elseif(_l STREQUAL "ZLIB::ZLIB")
    list(APPEND _ddbemu_kinds ZLIB)
  elseif(_l STREQUAL "PkgConfig::ZSTD")
    list(APPEND _ddbemu_kinds ZSTD)
  elseif(_l MATCHES "^OpenSSL::")
    list(APPEND _ddbemu_kinds OpenSSL)
  elseif(_l MATCHES "::")
    message(WARNING "ddbemu packaging: no find_dependency known for ${_l}; "
                    "the installed ddbemuConfig.cmake will not find it (cmake/ddbemuPackage.cmake)")
  elseif(NOT TARGET ${_l})  # a plain system library such as dl or m
    string(APPEND DDBEMU_PC_LIBS " -l${_l}")
  endif()
  list(APPEND _ddbemu_link_interface ${_l})
endforeach()
list(REMOVE_DUPLICATES _ddbemu_kinds)
# Imported targets are visible only in the directory that found them (emulator/ may find a
# package the top level does not): find each here too, for ddbemu_package's link interface.
foreach(_k IN LISTS _ddbemu_kinds)
  if(_k STREQUAL "Threads" AND NOT TARGET Threads::Threads)
    find_package(Threads REQUIRED)
  elseif(_k STREQUAL "Boost" AND NOT TARGET Boost::headers)
    find_package(Boost REQUIRED)
  elseif(_k STREQUAL "LMDB" AND NOT TARGET PkgConfig::LMDB)
    find_package(PkgConfig REQUIRED)
    pkg_check_modules(LMDB REQUIRED IMPORTED_TARGET lmdb)
  elseif(_k STREQUAL "ZLIB" AND NOT TARGET ZLIB::ZLIB)
    find_package(ZLIB REQUIRED)
  elseif(_k STREQUAL "ZSTD" AND NOT TARGET PkgConfig::ZSTD)
    find_package(PkgConfig REQUIRED)
    pkg_check_modules(ZSTD REQUIRED IMPORTED_TARGET libzstd)
  elseif(_k STREQUAL "OpenSSL" AND NOT TARGET OpenSSL::SSL)
    find_package(OpenSSL REQUIRED)
  endif()
endforeach()

set(DDBEMU_FIND_DEPENDENCIES "")
set(DDBEMU_PC_REQUIRES "")
foreach(_k IN LISTS _ddbemu_kinds)
  if(_k STREQUAL "Threads")
    string(APPEND DDBEMU_FIND_DEPENDENCIES "find_dependency(Threads)\n")
    string(PREPEND DDBEMU_PC_LIBS " -pthread")
  elseif(_k STREQUAL "Boost")
    string(APPEND DDBEMU_FIND_DEPENDENCIES
           "find_dependency(Boost ${Boost_MAJOR_VERSION}.${Boost_MINOR_VERSION})\n")
  elseif(_k STREQUAL "LMDB")
    string(APPEND DDBEMU_FIND_DEPENDENCIES "find_dependency(PkgConfig)\n"
           "if(NOT TARGET PkgConfig::LMDB)\n"
           "  pkg_check_modules(LMDB REQUIRED IMPORTED_TARGET lmdb)\n"
           "endif()\n")
    string(APPEND DDBEMU_PC_REQUIRES " lmdb")
  elseif(_k STREQUAL "ZLIB")
    string(APPEND DDBEMU_FIND_DEPENDENCIES "find_dependency(ZLIB)\n")
    string(APPEND DDBEMU_PC_REQUIRES " zlib")
  elseif(_k STREQUAL "ZSTD")
    string(APPEND DDBEMU_FIND_DEPENDENCIES "find_dependency(PkgConfig)\n"
           "if(NOT TARGET PkgConfig::ZSTD)\n"
           "  pkg_check_modules(ZSTD REQUIRED IMPORTED_TARGET libzstd)\n"
           "endif()\n")
    string(APPEND DDBEMU_PC_REQUIRES " libzstd")
  elseif(_k STREQUAL "OpenSSL")
    string(APPEND DDBEMU_FIND_DEPENDENCIES "find_dependency(OpenSSL)\n")
    string(APPEND DDBEMU_PC_REQUIRES " libssl libcrypto")
  endif()
endforeach()
string(STRIP "${DDBEMU_PC_REQUIRES}" DDBEMU_PC_REQUIRES)

# The one archive users link: built from the layers' objects, installed as libddbemu.a.
set(_ddbemu_objects)
foreach(_t IN LISTS DDBEMU_PACKAGED_LIBRARIES)
  list(APPEND _ddbemu_objects $<TARGET_OBJECTS:${_t}>)
endforeach()
add_library(ddbemu_package STATIC ${_ddbemu_objects})
set_target_properties(ddbemu_package PROPERTIES OUTPUT_NAME ddbemu EXPORT_NAME ddbemu
                      ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/package)
target_include_directories(ddbemu_package INTERFACE
                           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_features(ddbemu_package INTERFACE cxx_std_20)
target_link_libraries(ddbemu_package INTERFACE ${_ddbemu_link_interface})

add_library(ddbemu_gtest_package INTERFACE)
set_target_properties(ddbemu_gtest_package PROPERTIES EXPORT_NAME gtest)
target_link_libraries(ddbemu_gtest_package INTERFACE ddbemu_package GTest::gtest)

set(DDBEMU_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/ddbemu)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/emulator/include/ddbemu
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT ddbemu_development
        FILES_MATCHING PATTERN "*.h" PATTERN "*.inc")
install(FILES ${PROJECT_BINARY_DIR}/include/ddbemu/version.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ddbemu COMPONENT ddbemu_development)
install(TARGETS ddbemu_package ddbemu_gtest_package EXPORT ddbemuTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT ddbemu_development)
install(EXPORT ddbemuTargets NAMESPACE ddbemu:: DESTINATION ${DDBEMU_CMAKE_DIR}
        COMPONENT ddbemu_development)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/ddbemuConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/package/ddbemuConfig.cmake
                              INSTALL_DESTINATION ${DDBEMU_CMAKE_DIR})
# 0.x: a minor version may change the API, so only the same minor version is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/ddbemuConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/ddbemuConfig.cmake
              ${PROJECT_BINARY_DIR}/package/ddbemuConfigVersion.cmake
        DESTINATION ${DDBEMU_CMAKE_DIR} COMPONENT ddbemu_development)
# The .pc file finds its prefix from its own place, so the installed tree can be moved.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(DDBEMU_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  string(REGEX REPLACE "[^/]+" ".." _up "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
  set(DDBEMU_PC_PREFIX "\${pcfiledir}/${_up}")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/ddbemu.pc.in ${PROJECT_BINARY_DIR}/package/ddbemu.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/package/ddbemu.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT ddbemu_development)
if(TARGET ddb-local)
  install(TARGETS ddb-local RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT ddbemu_runtime)
endif()
