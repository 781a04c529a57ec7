// hrctl audit --endpoint URL: the access-pattern audit of a running ddb-local (GET
// /_ddblocal/audit, tools/ddb-local/console_endpoints.h) — the anti-patterns found in the
// requests it has served, each with the request shapes behind it and the fix. The caller's
// namespace is hrctl's: the access key $AWS_ACCESS_KEY_ID (default "hrctl") and the region.
#include <rapidjson/document.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdlib>
#include <iostream>
#include <string>

#include "args.h"

namespace hrctl {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

struct Url {
  std::string host;
  std::string port = "80";
};

bool ParseHttpUrl(std::string url, Url* out) {
  if (!url.starts_with("http://")) return false;
  url = url.substr(7);
  url = url.substr(0, url.find('/'));
  const std::size_t colon = url.rfind(':');
  if (colon != std::string::npos && url.find(']', colon) == std::string::npos) {
    out->port = url.substr(colon + 1);
    url = url.substr(0, colon);
  }
  if (url.starts_with('[') && url.ends_with(']')) url = url.substr(1, url.size() - 2);
  out->host = url;
  return !url.empty();
}

std::string Str(const rapidjson::Value& object, const char* name) {
  auto it = object.FindMember(name);
  return it != object.MemberEnd() && it->value.IsString() ? it->value.GetString() : "";
}

// One line per shape: "s3  Query acme-hr-dev/GSI1  key: GSI1PK = ?  filter: ...".
std::string ShapeLine(const rapidjson::Value& s) {
  std::string line = Str(s, "Id") + "  " + Str(s, "Operation") + " " + Str(s, "Table");
  if (!Str(s, "Index").empty()) line += "/" + Str(s, "Index");
  if (!Str(s, "KeyCondition").empty()) line += "  key: " + Str(s, "KeyCondition");
  if (!Str(s, "Filter").empty()) line += "  filter: " + Str(s, "Filter");
  if (!Str(s, "Projection").empty()) line += "  projection: " + Str(s, "Projection");
  if (s["ConsistentRead"].GetBool()) line += "  consistent";
  line += "  (" + std::to_string(s["Requests"].GetInt64()) + " requests)";
  return line;
}

}  // namespace

int RunAudit(const Args& a, bool json) {
  auto endpoint = a.Get("endpoint");
  Url url;
  if (!endpoint || !ParseHttpUrl(*endpoint, &url)) {
    std::cerr << "hrctl audit: needs --endpoint http://HOST:PORT of a running ddb-local\n";
    return 2;
  }
  const char* key = std::getenv("AWS_ACCESS_KEY_ID");
  const char* region = std::getenv("AWS_REGION");
  std::string target = "/_ddblocal/audit";
  if (auto items = a.Get("collection-items")) target += "?collection_items=" + *items;
  std::string body;
  try {
    boost::asio::io_context io;
    tcp::resolver resolver(io);
    beast::tcp_stream stream(io);
    stream.expires_after(std::chrono::seconds(30));
    stream.connect(resolver.resolve(url.host, url.port));
    http::request<http::empty_body> request{http::verb::get, target, 11};
    request.set(http::field::host, url.host);
    // Only the shape of the header matters to ddb-local: it names the caller's namespace.
    request.set(http::field::authorization,
                std::string("AWS4-HMAC-SHA256 Credential=") + (key ? key : "hrctl") + "/20250101/" +
                    (region ? region : "us-east-1") +
                    "/dynamodb/aws4_request, SignedHeaders=host, Signature=0");
    http::write(stream, request);
    beast::flat_buffer buffer;
    http::response<http::string_body> response;
    http::read(stream, buffer, response);
    body = response.body();
    if (response.result_int() != 200) {
      std::cerr << "hrctl audit: " << response.result_int() << " " << body << "\n";
      return 1;
    }
  } catch (const std::exception& e) {
    std::cerr << "hrctl audit: " << *endpoint << ": " << e.what() << "\n";
    return 1;
  }
  if (json) {
    std::cout << body << "\n";
    return 0;
  }
  rapidjson::Document doc;
  doc.Parse(body.c_str(), body.size());
  if (doc.HasParseError() || !doc.IsObject()) {
    std::cerr << "hrctl audit: not an audit report: " << body << "\n";
    return 1;
  }
  if (!doc["Enabled"].GetBool()) {
    std::cout << "the audit is off (ddb-local --audit off)\n";
    return 0;
  }
  const auto& shapes = doc["Shapes"];
  const auto& findings = doc["Findings"];
  std::cout << findings.Size() << " finding(s) over " << shapes.Size() << " request shape(s)\n";
  for (const auto& f : findings.GetArray()) {
    std::cout << "\n[" << Str(f, "Severity") << "] " << Str(f, "Kind") << ": " << Str(f, "Summary")
              << "\n  fix: " << Str(f, "Fix") << "\n";
    for (const auto& id : f["Shapes"].GetArray()) {
      for (const auto& s : shapes.GetArray()) {
        if (Str(s, "Id") == id.GetString()) std::cout << "  " << ShapeLine(s) << "\n";
      }
    }
  }
  return 0;
}

}  // namespace hrctl
