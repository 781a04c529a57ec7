// hrctl's command line: positional words, then --name value / --flag options.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hrctl {

class Args {
 public:
  // Flags listed in `booleans` take no value.
  Args(int argc, char** argv, const std::vector<std::string>& booleans);

  const std::vector<std::string>& positional() const { return positional_; }
  std::optional<std::string> Get(const std::string& name) const;
  std::string Get(const std::string& name, const std::string& fallback) const;
  long long GetInt(const std::string& name, long long fallback) const;
  double GetDouble(const std::string& name, double fallback) const;
  bool Has(const std::string& name) const { return values_.count(name) > 0; }
  const std::string& error() const { return error_; }

 private:
  std::vector<std::string> positional_;
  std::map<std::string, std::string> values_;
  std::string error_;
};

}  // namespace hrctl
