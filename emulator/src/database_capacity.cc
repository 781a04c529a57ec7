// Database's capacity-model calls (ddbemu/capacity_report.h): the report and the overrides.
#include "database_impl.h"
#include "ops/capacity/capacity_report.h"

namespace ddbemu {

Result<TableCapacityReport> Database::CapacityReport(std::string_view table_name, std::size_t top_n,
                                                     const RequestContext& context) {
  ops::Engine engine = impl_->engine();
  return ops::BuildCapacityReport(engine, *impl_->throughput, impl_->CallerFor(context), table_name,
                                  top_n);
}

Status Database::SetCapacityOverrides(std::string_view table_name,
                                      const CapacityOverrides& overrides,
                                      const RequestContext& context) {
  ops::Engine engine = impl_->engine();
  return ops::SetCapacityOverrides(engine, *impl_->throughput, impl_->CallerFor(context),
                                   table_name, overrides);
}

}  // namespace ddbemu
