#include "server/sigv4_signature.h"

#include <algorithm>
#include <cctype>

namespace ddbemu::server::sigv4 {
namespace {

char Lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (Lower(a[i]) != Lower(b[i])) return false;
  }
  return true;
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string UriDecode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && HexValue(s[i + 1]) >= 0 && HexValue(s[i + 2]) >= 0) {
      out += static_cast<char>(HexValue(s[i + 1]) * 16 + HexValue(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string CanonicalQuery(std::string_view query) {
  std::vector<std::pair<std::string, std::string>> params;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view item = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    const std::string_view key = item.substr(0, eq);
    const std::string_view value =
        eq == std::string_view::npos ? std::string_view{} : item.substr(eq + 1);
    params.emplace_back(UriEncode(UriDecode(key), false), UriEncode(UriDecode(value), false));
  }
  std::sort(params.begin(), params.end());
  std::string out;
  for (const auto& [key, value] : params) {
    if (!out.empty()) out += '&';
    out += key;
    out += '=';
    out += value;
  }
  return out;
}

// Trimmed, with inner runs of spaces collapsed to one.
void AppendHeaderValue(std::string_view value, std::string& out) {
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
  bool in_space = false;
  for (const char c : value) {
    if (c == ' ' || c == '\t') {
      if (!in_space) out += ' ';
      in_space = true;
    } else {
      out += c;
      in_space = false;
    }
  }
}

}  // namespace

std::string CanonicalRequest(const RequestToSign& request) {
  std::string_view path = request.target;
  std::string_view query;
  if (const std::size_t q = path.find('?'); q != std::string_view::npos) {
    query = path.substr(q + 1);
    path = path.substr(0, q);
  }
  if (path.empty()) path = "/";

  std::string out;
  out.reserve(256 + request.payload.size() / 1024);
  out += request.method;
  out += '\n';
  out += UriEncode(path, /*keep_slash=*/true);
  out += '\n';
  out += CanonicalQuery(query);
  out += '\n';
  std::string_view names = request.signed_headers;
  while (!names.empty()) {
    const std::size_t semi = names.find(';');
    const std::string_view name = names.substr(0, semi);
    names = semi == std::string_view::npos ? std::string_view{} : names.substr(semi + 1);
    out += name;
    out += ':';
    bool first = true;
    for (const auto& [header, value] : request.headers) {
      if (!EqualsIgnoreCase(header, name)) continue;
      if (!first) out += ',';
      AppendHeaderValue(value, out);
      first = false;
    }
    out += '\n';
  }
  out += '\n';
  out += request.signed_headers;
  out += '\n';
  out += Sha256Hex(request.payload);
  return out;
}

}  // namespace ddbemu::server::sigv4
