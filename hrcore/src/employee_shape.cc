// The Employee shapes of migration 3 (see employee_shape.h).
#include "employee_shape.h"

#include "hrcore/keys.h"
#include "item_codec.h"

namespace hrcore {

using ddbemu::AttributeValue;

std::string_view ToString(EmployeeKeyMode mode) {
  switch (mode) {
    case EmployeeKeyMode::kV1:
      return "v1";
    case EmployeeKeyMode::kDualReadOld:
      return "dual-read-old";
    case EmployeeKeyMode::kDualReadNew:
      return "dual-read-new";
    case EmployeeKeyMode::kV2:
      return "v2";
  }
  return "v1";
}

std::optional<EmployeeKeyMode> ParseEmployeeKeyMode(std::string_view s) {
  for (auto m : {EmployeeKeyMode::kV1, EmployeeKeyMode::kDualReadOld, EmployeeKeyMode::kDualReadNew,
                 EmployeeKeyMode::kV2}) {
    if (ToString(m) == s) return m;
  }
  return std::nullopt;
}

ddbemu::Item SchemaStateKey() {
  return codec::Key(std::string(keys::kMigrationPk), std::string(keys::kSchemaSk));
}

SchemaState SchemaStateFrom(const ddbemu::Item* item) {
  SchemaState state;
  if (item == nullptr) return state;
  state.employee_keys = ParseEmployeeKeyMode(GetOr<std::string>(*item, "employeeKeys"))
                            .value_or(EmployeeKeyMode::kV1);
  auto it = item->find("statusIndex");
  state.status_index =
      it != item->end() && it->second.is(ddbemu::AttributeType::kBool) && it->second.boolean();
  return state;
}

namespace shape {

using codec::Key;

ddbemu::Item OldKey(const std::string& org, const std::string& emp) {
  return Key(keys::OrgPk(org), keys::EmpSk(emp));
}
ddbemu::Item NewKey(const std::string& org, const std::string& last_name, const std::string& emp) {
  return Key(keys::OrgPk(org), keys::EmpSkV2(last_name, emp));
}
ddbemu::Item RefKey(const std::string& org, const std::string& emp) {
  return Key(keys::OrgPk(org), keys::EmpRefSk(emp));
}

void AddStatusIndex(ddbemu::Item& item, const Employee& e) {
  item[std::string(keys::kGsi2Pk)] = AttributeValue::S(keys::StatusGsiPk(e.org_id));
  item[std::string(keys::kGsi2Sk)] =
      AttributeValue::S(keys::StatusGsiSk(ToString(e.status), e.emp_id));
}

ddbemu::Item OldItem(const Employee& e, bool status_index) {
  ddbemu::Item item = codec::ToItem(e);
  if (status_index) AddStatusIndex(item, e);
  return item;
}

ddbemu::Item NewItem(const Employee& e, bool status_index) {
  ddbemu::Item item = OldItem(e, status_index);
  item[std::string(keys::kSK)] = AttributeValue::S(keys::EmpSkV2(e.last_name, e.emp_id));
  item[std::string(keys::kKeyVersion)] = AttributeValue::N(2);
  return item;
}

ddbemu::Item RefItem(const Employee& e) {
  ddbemu::Item item = RefKey(e.org_id, e.emp_id);
  item[std::string(keys::kType)] = AttributeValue::S(keys::kEmpRefType);
  item["orgId"] = AttributeValue::S(e.org_id);
  item["empId"] = AttributeValue::S(e.emp_id);
  item["lastName"] = AttributeValue::S(e.last_name);
  return item;
}

bool IsNewShape(const ddbemu::Item& item) {
  return GetOr<std::int64_t>(item, keys::kKeyVersion) == 2;
}

std::string ReadShapeFilter(EmployeeKeyMode mode) {
  if (mode == EmployeeKeyMode::kV1) return "";
  return ReadsNewShape(mode) ? "#kv = :kv2" : "attribute_not_exists(#kv)";
}

ddbemu::Item Comparable(const ddbemu::Item& item) {
  ddbemu::Item out = item;
  out.erase(std::string(keys::kPK));
  out.erase(std::string(keys::kSK));
  out.erase(std::string(keys::kKeyVersion));
  return out;
}

}  // namespace shape
}  // namespace hrcore
