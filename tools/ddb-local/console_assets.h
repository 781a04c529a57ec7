// The console's static files, embedded at build time: tools/ddb-local/console/* becomes the
// generated console_assets.cc (cmake/embed_files.cmake), so the binary needs no files at run
// time and the browser fetches nothing from elsewhere (machines may be offline).
#pragma once

#include <span>
#include <string_view>

namespace ddblocal {

struct ConsoleAsset {
  std::string_view path;  // relative to the console directory: "index.html", "js/app.js"
  std::string_view content_type;
  std::string_view body;
};

std::span<const ConsoleAsset> ConsoleAssets();

}  // namespace ddblocal
