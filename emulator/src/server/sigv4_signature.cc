#include "server/sigv4_signature.h"

#include "server/http_text.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server::sigv4 {

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
  out += CanonicalQuery(query, QueryText::kEncoded);
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
      AppendCanonicalHeaderValue(value, out);
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

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server::sigv4
