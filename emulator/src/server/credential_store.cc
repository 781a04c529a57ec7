#include "server/credential_store.h"

#include <fstream>
#include <sstream>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace {

std::string_view TrimLine(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

}  // namespace

Result<CredentialStore> CredentialStore::Load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return ApiError::InternalServerError("Cannot read credentials file '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  return Parse(text.str(), path);
}

Result<CredentialStore> CredentialStore::Parse(std::string_view text, std::string_view origin) {
  CredentialStore store;
  std::string ini_key, ini_secret;  // of the current [profile] section
  const auto flush_section = [&] {
    if (!ini_key.empty() && !ini_secret.empty()) store.Add(ini_key, ini_secret);
    ini_key.clear();
    ini_secret.clear();
  };
  int line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const std::size_t eol = text.find('\n');
    std::string_view line = TrimLine(text.substr(0, eol));
    text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    if (line.empty() || line.front() == '#' || line.front() == ';') continue;
    const auto bad = [&] {
      return ApiError::InternalServerError(
          "Credentials file '" + std::string(origin) + "' line " + std::to_string(line_number) +
          ": expected 'ACCESS_KEY_ID SECRET' or aws_access_key_id / aws_secret_access_key");
    };
    if (line.front() == '[') {  // a [profile] of the AWS format
      flush_section();
      continue;
    }
    // "name = value" of the AWS format, told apart from a pair by its first word (a pair's
    // secret may hold '=').
    const std::string_view first_word = line.substr(0, line.find_first_of(" \t=:,"));
    const std::size_t eq = line.find('=');
    const bool ini = first_word == "aws_access_key_id" || first_word == "aws_secret_access_key" ||
                     first_word == "aws_session_token" || first_word == "region" ||
                     first_word == "output";
    if (ini && eq != std::string_view::npos) {
      const std::string_view name = first_word;
      const std::string_view value = TrimLine(line.substr(eq + 1));
      if (name == "aws_access_key_id") {
        ini_key = std::string(value);
      } else if (name == "aws_secret_access_key") {
        ini_secret = std::string(value);
      }
      continue;
    }
    const std::size_t sep = line.find_first_of(" \t:,");
    if (sep == std::string_view::npos) return bad();
    const std::string_view key = TrimLine(line.substr(0, sep));
    const std::string_view secret = TrimLine(line.substr(sep + 1));
    if (key.empty() || secret.empty() || secret.find_first_of(" \t") != std::string_view::npos) {
      return bad();
    }
    store.Add(std::string(key), std::string(secret));
  }
  flush_section();
  if (store.size() == 0) {
    return ApiError::InternalServerError("Credentials file '" + std::string(origin) +
                                         "' holds no access key");
  }
  return store;
}

std::optional<std::string_view> CredentialStore::Secret(std::string_view access_key_id) const {
  const auto it = secrets_.find(std::string(access_key_id));
  if (it == secrets_.end()) return std::nullopt;
  return std::string_view(it->second);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
