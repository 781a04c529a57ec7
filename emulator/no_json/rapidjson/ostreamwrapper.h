// Stands in for RapidJSON's <rapidjson/ostreamwrapper.h> in the layers below api_json:
// emulator/CMakeLists.txt puts this folder first on their include path, so that the build
// itself fails when one of them reaches JSON, directly or through a header
// (docs/architecture.md, "The layers").
#error "RapidJSON below api_json: value, storage, expr, capacity, api, ops, partiql write no JSON"
