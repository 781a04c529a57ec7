#include "svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hrhot {
namespace {

constexpr int kWidth = 760;
constexpr int kLeft = 70;    // room for the y axis labels
constexpr int kRight = 190;  // room for the legend
constexpr int kTop = 40;
constexpr int kPlotHeight = 260;

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string Label(double v) {
  char buf[32];
  if (v >= 10000) {
    std::snprintf(buf, sizeof buf, "%.0fk", v / 1000);
  } else {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  }
  return buf;
}

// A "nice" axis maximum: 1, 2 or 5 times a power of ten, at least `v`.
double NiceCeiling(double v) {
  if (v <= 0) return 1;
  const double p = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
    if (m * p >= v) return m * p;
  }
  return 10 * p;
}

std::string Text(double x, double y, const std::string& s, const char* anchor = "start",
                 int size = 12, const char* weight = "normal") {
  return "<text x=\"" + Num(x) + "\" y=\"" + Num(y) + "\" font-family=\"sans-serif\" font-size=\"" +
         std::to_string(size) + "\" font-weight=\"" + weight + "\" text-anchor=\"" + anchor +
         "\">" + XmlEscape(s) + "</text>\n";
}

// Heat colour for consumption/cap: white -> yellow (0.5) -> red (1) -> dark red (> 1).
std::string HeatColour(double ratio) {
  int r = 255, g = 255, b = 255;
  if (ratio <= 0) {
    // idle: white
  } else if (ratio <= 0.5) {
    const double t = ratio / 0.5;
    g = 255;
    r = 255;
    b = static_cast<int>(255 * (1 - t));
  } else if (ratio <= 1.05) {
    // At the cap: a steady second serves the cap within one request either way.
    const double t = std::min(1.0, (ratio - 0.5) / 0.5);
    r = 255;
    g = static_cast<int>(255 * (1 - t));
    b = 0;
  } else {
    r = 140;
    g = 0;
    b = 0;
  }
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", r, g, b);
  return buf;
}

}  // namespace

std::string XmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string RenderLineChart(const LineChart& chart) {
  std::size_t seconds = 1;
  double max_value = 0;
  for (const Series& s : chart.series) {
    seconds = std::max(seconds, s.values.size());
    for (double v : s.values) max_value = std::max(max_value, v);
  }
  for (const auto& r : chart.rules) max_value = std::max(max_value, r.value);
  const double y_max = NiceCeiling(max_value * 1.05);
  const int plot_width = kWidth - kLeft - kRight;
  const int height = kTop + kPlotHeight + 50;
  auto x_of = [&](double second) { return kLeft + plot_width * second / seconds; };
  auto y_of = [&](double v) { return kTop + kPlotHeight * (1 - v / y_max); };

  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kWidth) +
                    "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " +
                    std::to_string(kWidth) + " " + std::to_string(height) + "\">\n";
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg += Text(kWidth / 2.0, 22, chart.title, "middle", 14, "bold");
  // Grid and y axis labels: five steps.
  for (int i = 0; i <= 5; ++i) {
    const double v = y_max * i / 5;
    const double y = y_of(v);
    svg += "<line x1=\"" + Num(kLeft) + "\" y1=\"" + Num(y) + "\" x2=\"" + Num(kLeft + plot_width) +
           "\" y2=\"" + Num(y) + "\" stroke=\"#e0e0e0\"/>\n";
    svg += Text(kLeft - 6, y + 4, Label(v), "end", 11);
  }
  svg += "<text x=\"18\" y=\"" + Num(kTop + kPlotHeight / 2.0) +
         "\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\" "
         "transform=\"rotate(-90 18 " +
         Num(kTop + kPlotHeight / 2.0) + ")\">" + XmlEscape(chart.y_label) + "</text>\n";
  // x axis: a tick per second (or per 5 s for long runs); values are drawn as steps over
  // their whole second, since each is an average over that second.
  const std::size_t step = seconds > 30 ? 5 : 1;
  for (std::size_t s = 0; s <= seconds; s += step) {
    svg += Text(x_of(static_cast<double>(s)), kTop + kPlotHeight + 16, std::to_string(s), "middle",
                11);
  }
  svg += Text(kLeft + plot_width / 2.0, kTop + kPlotHeight + 36, "time (s)", "middle", 12);
  svg += "<rect x=\"" + Num(kLeft) + "\" y=\"" + Num(kTop) + "\" width=\"" + Num(plot_width) +
         "\" height=\"" + Num(kPlotHeight) + "\" fill=\"none\" stroke=\"#888\"/>\n";
  for (const auto& r : chart.rules) {
    const double y = y_of(r.value);
    svg += "<line x1=\"" + Num(kLeft) + "\" y1=\"" + Num(y) + "\" x2=\"" + Num(kLeft + plot_width) +
           "\" y2=\"" + Num(y) + "\" stroke=\"#555\" stroke-dasharray=\"2,3\"/>\n";
    svg += Text(kLeft + plot_width - 4, y - 4, r.label, "end", 10);
  }
  int legend_y = kTop + 10;
  for (const Series& s : chart.series) {
    std::string points;
    for (std::size_t i = 0; i < s.values.size(); ++i) {
      const double y = y_of(s.values[i]);
      points += Num(x_of(static_cast<double>(i))) + "," + Num(y) + " " +
                Num(x_of(static_cast<double>(i + 1))) + "," + Num(y) + " ";
    }
    const std::string dash = s.dashed ? " stroke-dasharray=\"6,4\"" : "";
    svg += "<polyline fill=\"none\" stroke=\"" + s.colour + "\" stroke-width=\"" + Num(s.width) +
           "\"" + dash + " points=\"" + points + "\"/>\n";
    const double lx = kLeft + plot_width + 12;
    svg += "<line x1=\"" + Num(lx) + "\" y1=\"" + Num(legend_y - 4) + "\" x2=\"" + Num(lx + 22) +
           "\" y2=\"" + Num(legend_y - 4) + "\" stroke=\"" + s.colour + "\" stroke-width=\"2\"" +
           dash + "/>\n";
    svg += Text(lx + 28, legend_y, s.name, "start", 11);
    legend_y += 18;
  }
  svg += "</svg>\n";
  return svg;
}

std::string RenderHeatMap(const HeatMap& map) {
  std::size_t seconds = 1;
  for (const auto& row : map.values) seconds = std::max(seconds, row.size());
  const int label_width = 230;
  const int cell_height = 18;
  const int plot_width = kWidth - label_width - 20;
  const double cell_width = static_cast<double>(plot_width) / seconds;
  const int rows_height = cell_height * static_cast<int>(map.rows.size());
  const int legend_top = kTop + rows_height + 30;
  const int height = legend_top + 40 + 16 * static_cast<int>(map.notes.size());

  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kWidth) +
                    "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " +
                    std::to_string(kWidth) + " " + std::to_string(height) + "\">\n";
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg += Text(kWidth / 2.0, 22, map.title, "middle", 14, "bold");
  for (std::size_t r = 0; r < map.rows.size(); ++r) {
    const double y = kTop + static_cast<double>(r) * cell_height;
    svg += Text(label_width - 6, y + cell_height - 5, map.rows[r], "end", 11);
    // A partition that exists for part of the run only: one grey band under the row, and
    // cells for the seconds it exists (a map of many short-lived partitions stays small).
    const auto& row = map.values[r];
    if (std::any_of(row.begin(), row.end(), [](double v) { return v < 0; })) {
      svg += "<rect x=\"" + Num(label_width) + "\" y=\"" + Num(y) + "\" width=\"" +
             Num(plot_width) + "\" height=\"" + std::to_string(cell_height) +
             "\" fill=\"#d9d9d9\" stroke=\"#ddd\"><title>" + XmlEscape(map.rows[r]) +
             ": not a partition in the grey seconds</title></rect>\n";
    }
    for (std::size_t s = 0; s < seconds; ++s) {
      const double v = s < row.size() ? row[s] : 0;
      if (v < 0) continue;
      svg += "<rect x=\"" + Num(label_width + s * cell_width) + "\" y=\"" + Num(y) + "\" width=\"" +
             Num(cell_width) + "\" height=\"" + std::to_string(cell_height) + "\" fill=\"" +
             HeatColour(v) + "\" stroke=\"#ddd\"><title>" + XmlEscape(map.rows[r]) + " second " +
             std::to_string(s) + ": " + std::to_string(static_cast<int>(std::lround(v * 100))) +
             "% of cap</title></rect>\n";
    }
  }
  const std::size_t step = seconds > 30 ? 5 : 1;
  for (std::size_t s = 0; s < seconds; s += step) {
    svg += Text(label_width + (s + 0.5) * cell_width, kTop + rows_height + 14, std::to_string(s),
                "middle", 10);
  }
  svg += Text(label_width + plot_width / 2.0, kTop + rows_height + 28, "time (s)", "middle", 11);
  // Legend: 0%, 50%, 100%, above.
  const double ratios[] = {0, 0.25, 0.5, 0.75, 1.0, 1.5};
  const char* labels[] = {"0%", "25%", "50%", "75%", "100% of cap", "> cap (+5%)"};
  double lx = label_width;
  for (int i = 0; i < 6; ++i) {
    svg += "<rect x=\"" + Num(lx) + "\" y=\"" + Num(legend_top) +
           "\" width=\"16\" height=\"12\" stroke=\"#999\" fill=\"" + HeatColour(ratios[i]) +
           "\"/>\n";
    svg += Text(lx + 20, legend_top + 10, labels[i], "start", 10);
    lx += i == 4 ? 100 : 60;
  }
  int ny = legend_top + 34;
  for (const std::string& note : map.notes) {
    svg += Text(10, ny, note, "start", 11);
    ny += 16;
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace hrhot
