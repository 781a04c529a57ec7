// SvgChart: the two pictures the hot-partition scenarios draw, as standalone SVG text with no
// dependencies — a line chart (offered vs accepted capacity per second, a scenario beside its
// fix, with the model's cap as a dashed line) and a heat map (partitions x seconds, each cell
// coloured by the partition's consumption against its cap). Plain SVG 1.1 so that GitHub, a
// browser and an editor show it the same way.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hrhot {

struct Series {
  std::string name;
  std::string colour;  // any SVG colour, e.g. "#d62728"
  bool dashed = false;
  std::vector<double> values;  // one value per second, from second 0
  double width = 2;            // stroke width: wider for series drawn first, so equal ones show
};

struct LineChart {
  std::string title;
  std::string y_label;  // e.g. "WCU/s"
  std::vector<Series> series;
  // Horizontal reference lines (the model's caps), each with its label.
  struct Rule {
    double value;
    std::string label;
  };
  std::vector<Rule> rules;
};

// The chart as an SVG document.
std::string RenderLineChart(const LineChart& chart);

struct HeatMap {
  std::string title;
  std::vector<std::string> rows;  // one label per partition
  // values[row][second]: consumption / cap (0..1+); negative: the row's partition does not
  // exist in that second (drawn grey).
  std::vector<std::vector<double>> values;
  std::vector<std::string> notes;  // lines printed under the map
};

// The map as an SVG document: white = idle, yellow = half the cap, red = at the cap, dark red
// above it (a bucket's initial second of capacity spent at once).
std::string RenderHeatMap(const HeatMap& map);

// `text` with &, <, > and " escaped for SVG text and attributes.
std::string XmlEscape(const std::string& text);

}  // namespace hrhot
