// Command-line parsing for hrctl.
#include "args.h"

#include <algorithm>
#include <cstdlib>

namespace hrctl {

Args::Args(int argc, char** argv, const std::vector<std::string>& booleans) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    // -h is --help, the one short option: what a newcomer types first.
    if (a == "-h") a = "--help";
    if (a.rfind("--", 0) != 0) {
      positional_.push_back(a);
      continue;
    }
    std::string name = a.substr(2);
    auto eq = name.find('=');
    if (eq != std::string::npos) {
      values_[name.substr(0, eq)] = name.substr(eq + 1);
    } else if (std::find(booleans.begin(), booleans.end(), name) != booleans.end()) {
      values_[name] = "true";
    } else if (i + 1 < argc) {
      values_[name] = argv[++i];
    } else {
      error_ = "option --" + name + " needs a value";
    }
  }
}

std::optional<std::string> Args::Get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::string Args::Get(const std::string& name, const std::string& fallback) const {
  return Get(name).value_or(fallback);
}

long long Args::GetInt(const std::string& name, long long fallback) const {
  auto v = Get(name);
  return v ? std::strtoll(v->c_str(), nullptr, 10) : fallback;
}

double Args::GetDouble(const std::string& name, double fallback) const {
  auto v = Get(name);
  return v ? std::strtod(v->c_str(), nullptr) : fallback;
}

}  // namespace hrctl
