#include "http_client/transport/aws_config.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

std::optional<std::string> NonEmpty(const AwsEnvironment& env, const std::string& name) {
  auto value = env.get(name);
  if (value && value->empty()) return std::nullopt;
  return value;
}

// The shared file `variable` names, else ~/.aws/<file_name>; empty when it cannot be read.
IniFile ReadSharedFile(const AwsEnvironment& env, const char* variable, const char* file_name) {
  std::string path;
  if (auto named = NonEmpty(env, variable)) {
    path = *named;
  } else if (auto home = NonEmpty(env, "HOME")) {
    path = *home + "/.aws/" + file_name;
  } else {
    return {};
  }
  if (path.starts_with("~/")) {
    if (auto home = NonEmpty(env, "HOME")) path = *home + path.substr(1);
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return ParseIni(text.str());
}

// A profile's section: "[name]" in the credentials file; "[profile name]" in the config file,
// except the default profile, which is "[default]" there too.
const std::map<std::string, std::string>* Section(const IniFile& file, const std::string& name) {
  const auto it = file.find(name);
  return it == file.end() ? nullptr : &it->second;
}
const std::map<std::string, std::string>* ConfigSection(const IniFile& config,
                                                        const std::string& profile) {
  if (const auto* s = Section(config, "profile " + profile)) return s;
  return profile == "default" ? Section(config, "default") : nullptr;
}

std::optional<std::string> Value(const std::map<std::string, std::string>* section,
                                 const std::string& key) {
  if (section == nullptr) return std::nullopt;
  const auto it = section->find(key);
  if (it == section->end() || it->second.empty()) return std::nullopt;
  return it->second;
}

std::optional<Credentials> FromSection(const std::map<std::string, std::string>* section) {
  auto key = Value(section, "aws_access_key_id");
  auto secret = Value(section, "aws_secret_access_key");
  if (!key || !secret) return std::nullopt;
  return Credentials{*key, *secret, Value(section, "aws_session_token").value_or("")};
}

}  // namespace

AwsEnvironment AwsEnvironment::Process() {
  return {[](const std::string& name) -> std::optional<std::string> {
    const char* value = std::getenv(name.c_str());
    if (value == nullptr) return std::nullopt;
    return std::string(value);
  }};
}

IniFile ParseIni(std::string_view text) {
  IniFile file;
  std::map<std::string, std::string>* section = nullptr;
  while (!text.empty()) {
    const std::size_t eol = text.find('\n');
    std::string_view raw = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    const bool indented = !raw.empty() && (raw.front() == ' ' || raw.front() == '\t');
    const std::string_view line = Trim(raw);
    if (line.empty() || line.front() == '#' || line.front() == ';') continue;
    if (line.front() == '[') {
      const std::size_t close = line.find(']');
      if (close == std::string_view::npos) {
        section = nullptr;
        continue;
      }
      section = &file[std::string(Trim(line.substr(1, close - 1)))];
      continue;
    }
    if (section == nullptr || indented) continue;
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) continue;
    std::string_view value = Trim(line.substr(eq + 1));
    // An inline comment needs whitespace before its marker; "abc#def" is a value.
    for (std::size_t i = 1; i < value.size(); ++i) {
      if ((value[i] == '#' || value[i] == ';') && (value[i - 1] == ' ' || value[i - 1] == '\t')) {
        value = Trim(value.substr(0, i));
        break;
      }
    }
    (*section)[std::string(Trim(line.substr(0, eq)))] = std::string(value);
  }
  return file;
}

std::string ResolveProfile(const std::optional<std::string>& explicit_profile,
                           const AwsEnvironment& env) {
  if (explicit_profile && !explicit_profile->empty()) return *explicit_profile;
  return NonEmpty(env, "AWS_PROFILE").value_or("default");
}

Result<std::string> ResolveRegion(const std::optional<std::string>& explicit_region,
                                  const std::string& profile, const AwsEnvironment& env) {
  if (explicit_region && !explicit_region->empty()) return *explicit_region;
  if (auto r = NonEmpty(env, "AWS_REGION")) return *r;
  if (auto r = NonEmpty(env, "AWS_DEFAULT_REGION")) return *r;
  const IniFile config = ReadSharedFile(env, "AWS_CONFIG_FILE", "config");
  if (auto r = Value(ConfigSection(config, profile), "region")) return *r;
  return ApiError::Validation("You must specify a region.");
}

Result<Credentials> ResolveCredentials(const std::string& profile, const AwsEnvironment& env) {
  auto key = NonEmpty(env, "AWS_ACCESS_KEY_ID");
  auto secret = NonEmpty(env, "AWS_SECRET_ACCESS_KEY");
  if (key && secret) {
    return Credentials{*key, *secret, NonEmpty(env, "AWS_SESSION_TOKEN").value_or("")};
  }
  const IniFile credentials = ReadSharedFile(env, "AWS_SHARED_CREDENTIALS_FILE", "credentials");
  if (auto c = FromSection(Section(credentials, profile))) return *c;
  const IniFile config = ReadSharedFile(env, "AWS_CONFIG_FILE", "config");
  if (auto c = FromSection(ConfigSection(config, profile))) return *c;
  return ApiError::Validation(
      "Unable to locate credentials: set AWS_ACCESS_KEY_ID and "
      "AWS_SECRET_ACCESS_KEY, or give profile '" +
      profile + "' keys in the shared credentials file");
}

std::string Endpoint::host_header() const {
  const bool default_port = (https && port == "443") || (!https && port == "80");
  const bool ipv6 = host.find(':') != std::string::npos;
  std::string h = ipv6 ? "[" + host + "]" : host;
  return default_port ? h : h + ":" + port;
}

Result<Endpoint> ParseEndpoint(std::string_view url) {
  Endpoint e;
  if (url.starts_with("https://")) {
    url.remove_prefix(8);
  } else if (url.starts_with("http://")) {
    e.https = false;
    url.remove_prefix(7);
  } else {
    return ApiError::Validation("Invalid endpoint: " + std::string(url) +
                                " (expected http:// or https://)");
  }
  const std::size_t slash = url.find('/');
  std::string_view authority = url.substr(0, slash);
  if (slash != std::string_view::npos && url.substr(slash) != "/") {
    return ApiError::Validation("Invalid endpoint: only the root path is supported, got " +
                                std::string(url.substr(slash)));
  }
  std::string_view port;
  if (authority.starts_with("[")) {  // [::1]:8000
    const std::size_t close = authority.find(']');
    if (close == std::string_view::npos) return ApiError::Validation("Invalid endpoint host");
    e.host = std::string(authority.substr(1, close - 1));
    if (close + 1 < authority.size() && authority[close + 1] == ':') {
      port = authority.substr(close + 2);
    }
  } else {
    const std::size_t colon = authority.rfind(':');
    e.host = std::string(authority.substr(0, colon));
    if (colon != std::string_view::npos) port = authority.substr(colon + 1);
  }
  if (e.host.empty()) return ApiError::Validation("Invalid endpoint: no host");
  if (!port.empty()) {
    for (char c : port) {
      if (c < '0' || c > '9') return ApiError::Validation("Invalid endpoint port");
    }
    e.port = std::string(port);
  } else {
    e.port = e.https ? "443" : "80";
  }
  return e;
}

namespace {

// The DNS suffix of AWS's partition for `region`.
const char* AwsDnsSuffix(const std::string& region) {
  return region.starts_with("cn-") ? ".amazonaws.com.cn" : ".amazonaws.com";
}

}  // namespace

std::string ResolveEndpointUrl(const std::string& explicit_url, const std::string& region,
                               const std::string& profile, const AwsEnvironment& env) {
  if (!explicit_url.empty()) return explicit_url;
  if (auto u = NonEmpty(env, "AWS_ENDPOINT_URL_DYNAMODB")) return *u;
  if (auto u = NonEmpty(env, "AWS_ENDPOINT_URL")) return *u;
  const IniFile config = ReadSharedFile(env, "AWS_CONFIG_FILE", "config");
  if (auto u = Value(ConfigSection(config, profile), "endpoint_url")) return *u;
  return "https://dynamodb." + region + AwsDnsSuffix(region);
}

std::optional<std::string> ResolveSearchEndpointUrl(const std::string& explicit_url,
                                                    const std::string& region,
                                                    const std::string& profile,
                                                    const AwsEnvironment& env) {
  const std::string regional = "https://dynamodb." + region + AwsDnsSuffix(region);
  if (ResolveEndpointUrl(explicit_url, region, profile, env) != regional) return std::nullopt;
  return "https://search-dynamodb." + region + AwsDnsSuffix(region);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
