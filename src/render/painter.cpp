#include "render/painter.hpp"

#include <algorithm>
#include <cmath>

namespace billiards::render {

namespace {

constexpr double kFeather = 1.0; // px of the soft rim on every edge

Color clear(Color c) {
    return with_alpha(c, 0);
}

Vec2 polar(Vec2 c, double r, double a) {
    return {c.x + r * std::cos(a), c.y + r * std::sin(a)};
}

} // namespace

int Painter::segments_for(double radius_px) {
    const double n = 2.0 * kPi * std::max(radius_px, 0.0) / 2.5;
    return std::clamp(static_cast<int>(n), 16, 160);
}

void Painter::vertex(Vec2 p, Color c) {
    SDL_Vertex v;
    v.position = {static_cast<float>(p.x), static_cast<float>(p.y)};
    v.color = {c.r, c.g, c.b, c.a};
    v.tex_coord = {0.0f, 0.0f};
    vertices_.push_back(v);
}

void Painter::flush() {
    if (vertices_.empty()) return;
    SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_BLEND);
    SDL_RenderGeometry(renderer_, nullptr, vertices_.data(), static_cast<int>(vertices_.size()),
                       nullptr, 0);
    vertices_.clear();
}

void Painter::triangle(Vec2 a, Vec2 b, Vec2 c, Color ca, Color cb, Color cc) {
    vertex(a, ca);
    vertex(b, cb);
    vertex(c, cc);
    // A scene of many balls must not batch gigabytes of vertices: draw them in pieces (the
    // triangles are independent, so the picture is the same).
    constexpr std::size_t kMostBatched = 3 * 65536;
    if (vertices_.size() >= kMostBatched) flush();
}

// A quad strip from edge a-b (colours ca, cb) out to out_a-out_b (transparent).
void Painter::feather_edge(Vec2 a, Vec2 b, Vec2 out_a, Vec2 out_b, Color ca, Color cb) {
    triangle(a, b, out_b, ca, cb, clear(cb));
    triangle(a, out_b, out_a, ca, clear(cb), clear(ca));
}

void Painter::convex(const std::vector<Vec2>& points, Color color) {
    convex_shaded(points, std::nullopt, [color](Vec2) { return color; });
}

void Painter::convex_shaded(const std::vector<Vec2>& points, std::optional<Vec2> focus,
                            const std::function<Color(Vec2)>& shade) {
    const std::size_t n = points.size();
    if (n < 3) return;
    Vec2 centroid{};
    for (Vec2 p : points)
        centroid += p;
    centroid = centroid / static_cast<double>(n);
    // Outward offset of each vertex: a half-feather inside, a half outside.
    std::vector<Vec2> inner(n), outer(n);
    double area2 = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        area2 += cross(points[i], points[(i + 1) % n]);
    const double sign = area2 >= 0.0 ? 1.0 : -1.0;
    for (std::size_t i = 0; i < n; ++i) {
        const Vec2 prev = points[(i + n - 1) % n], p = points[i], next = points[(i + 1) % n];
        // Outward normals of the two edges at p (right-hand for counter-clockwise order).
        const Vec2 n1 = normalized(Vec2{(p - prev).y, -(p - prev).x}) * sign;
        const Vec2 n2 = normalized(Vec2{(next - p).y, -(next - p).x}) * sign;
        Vec2 m = normalized(n1 + n2);
        const double c = dot(m, n1);
        m = c > 0.25 ? m / c : m * 4.0; // miter, limited at sharp corners
        inner[i] = p - m * (kFeather / 2);
        outer[i] = p + m * (kFeather / 2);
    }
    const Vec2 hub = focus.value_or(centroid);
    const Color hub_color = shade(hub);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t j = (i + 1) % n;
        const Color ci = shade(points[i]), cj = shade(points[j]);
        triangle(hub, inner[i], inner[j], hub_color, ci, cj);
        feather_edge(inner[i], inner[j], outer[i], outer[j], ci, cj);
    }
}

void Painter::circle(Vec2 c, double r, Color color) {
    circle_gradient(c, r, c, color, color);
}

void Painter::circle_gradient(Vec2 c, double r, Vec2 focus, Color inner, Color rim) {
    if (r <= 0.0) return;
    const int n = segments_for(r);
    const double r_in = std::max(r - kFeather / 2, 0.0), r_out = r + kFeather / 2;
    for (int i = 0; i < n; ++i) {
        const double a0 = 2.0 * kPi * i / n, a1 = 2.0 * kPi * (i + 1) / n;
        const Vec2 p0 = polar(c, r_in, a0), p1 = polar(c, r_in, a1);
        triangle(focus, p0, p1, inner, rim, rim);
        feather_edge(p0, p1, polar(c, r_out, a0), polar(c, r_out, a1), rim, rim);
    }
}

// A disc shaded per vertex on rings of the given radii (the first 0: the centre), with a
// feathered rim at r.
void Painter::disc_on_rings(Vec2 c, double r, const std::vector<double>& radii,
                            const std::function<Color(Vec2)>& shade) {
    const int n = segments_for(r);
    std::vector<Vec2> prev_pts, pts;
    std::vector<Color> prev_cols, cols;
    for (const double rr : radii) {
        pts.clear();
        cols.clear();
        for (int i = 0; i < n; ++i) {
            const Vec2 q = polar(c, rr, 2.0 * kPi * i / n);
            pts.push_back(q);
            cols.push_back(shade(q));
        }
        if (!prev_pts.empty()) {
            for (int i = 0; i < n; ++i) {
                const auto a = static_cast<std::size_t>(i),
                           b = static_cast<std::size_t>((i + 1) % n);
                triangle(prev_pts[a], pts[a], pts[b], prev_cols[a], cols[a], cols[b]);
                triangle(prev_pts[a], pts[b], prev_pts[b], prev_cols[a], cols[b], prev_cols[b]);
            }
        }
        prev_pts.swap(pts);
        prev_cols.swap(cols);
    }
    for (int i = 0; i < n; ++i) {
        const auto a = static_cast<std::size_t>(i), b = static_cast<std::size_t>((i + 1) % n);
        feather_edge(prev_pts[a], prev_pts[b], polar(c, r + kFeather / 2, 2.0 * kPi * i / n),
                     polar(c, r + kFeather / 2, 2.0 * kPi * (i + 1) / n), prev_cols[a],
                     prev_cols[b]);
    }
}

void Painter::disc_shaded(Vec2 c, double r, const std::function<Color(Vec2)>& shade) {
    if (r <= 0.0) return;
    constexpr double kRings[] = {0.0, 0.3, 0.55, 0.72, 0.85, 0.94, 1.0};
    std::vector<double> radii;
    for (const double f : kRings)
        radii.push_back(f >= 1.0 ? std::max(r - kFeather / 2, 0.0) : r * f);
    disc_on_rings(c, r, radii, shade);
}

void Painter::disc_fine(Vec2 c, double r, const std::function<Color(Vec2)>& shade) {
    if (r <= 0.0) return;
    const int rings = std::clamp(static_cast<int>(std::ceil(r / 1.5)), 4, 64);
    const double rim = std::max(r - kFeather / 2, 0.0);
    std::vector<double> radii;
    for (int k = 0; k <= rings; ++k)
        radii.push_back(rim * k / rings);
    disc_on_rings(c, r, radii, shade);
}

void Painter::glow(Vec2 c, double r, Color color) {
    if (r <= 0.0) return;
    const int n = segments_for(r);
    for (int i = 0; i < n; ++i) {
        const double a0 = 2.0 * kPi * i / n, a1 = 2.0 * kPi * (i + 1) / n;
        triangle(c, polar(c, r, a0), polar(c, r, a1), color, clear(color), clear(color));
    }
}

void Painter::arc(Vec2 c, double r, double a0, double a1, double width, Color color) {
    if (r <= 0.0 || width <= 0.0) return;
    const double half = std::max(width / 2 - kFeather / 2, 0.0);
    const double span = std::abs(a1 - a0);
    const int n = std::max(2, static_cast<int>(segments_for(r) * span / (2.0 * kPi)) + 1);
    for (int i = 0; i < n; ++i) {
        const double t0 = a0 + (a1 - a0) * i / n, t1 = a0 + (a1 - a0) * (i + 1) / n;
        const Vec2 i0 = polar(c, r - half, t0), i1 = polar(c, r - half, t1);
        const Vec2 o0 = polar(c, r + half, t0), o1 = polar(c, r + half, t1);
        triangle(i0, o0, o1, color, color, color);
        triangle(i0, o1, i1, color, color, color);
        feather_edge(o0, o1, polar(c, r + half + kFeather, t0), polar(c, r + half + kFeather, t1),
                     color, color);
        feather_edge(i0, i1, polar(c, r - half - kFeather, t0), polar(c, r - half - kFeather, t1),
                     color, color);
    }
}

void Painter::ring(Vec2 c, double r, double width, Color color) {
    arc(c, r, 0.0, 2.0 * kPi, width, color);
}

void Painter::line(Vec2 a, Vec2 b, double width, Color color) {
    line_gradient(a, b, width, color, color);
}

void Painter::line_gradient(Vec2 a, Vec2 b, double width, Color ca, Color cb) {
    const Vec2 d = normalized(b - a);
    if (d.x == 0.0 && d.y == 0.0) return;
    // Thin lines keep their full width in the feather instead of vanishing.
    const double half = std::max(width / 2 - kFeather / 2, 0.25);
    const Vec2 n = perp(d);
    const Vec2 a0 = a + n * half, a1 = a - n * half, b0 = b + n * half, b1 = b - n * half;
    triangle(a0, b0, b1, ca, cb, cb);
    triangle(a0, b1, a1, ca, cb, ca);
    feather_edge(a0, b0, a0 + n * kFeather, b0 + n * kFeather, ca, cb);
    feather_edge(a1, b1, a1 - n * kFeather, b1 - n * kFeather, ca, cb);
}

void Painter::arrow(Vec2 from, Vec2 to, double width, Color color) {
    const Vec2 d = to - from;
    const double len = length(d);
    if (len < 1.0) return;
    const Vec2 u = d / len;
    const double head = std::min(len * 0.4, 4.0 + width * 3.0);
    const Vec2 base = to - u * head;
    line(from, base, width, color);
    const Vec2 n = perp(u) * (head * 0.5);
    convex({to, base + n, base - n}, color);
}

void Painter::rect(double x, double y, double w, double h, Color top, Color bottom) {
    const Vec2 p0{x, y}, p1{x + w, y}, p2{x + w, y + h}, p3{x, y + h};
    triangle(p0, p1, p2, top, top, bottom);
    triangle(p0, p2, p3, top, bottom, bottom);
}

void Painter::rounded_rect(double x, double y, double w, double h, double radius, Color color) {
    radius = std::clamp(radius, 0.0, std::min(w, h) / 2);
    std::vector<Vec2> pts;
    const int per_corner = std::max(4, segments_for(radius) / 4);
    const Vec2 centers[4] = {{x + w - radius, y + h - radius},
                             {x + radius, y + h - radius},
                             {x + radius, y + radius},
                             {x + w - radius, y + radius}};
    for (int k = 0; k < 4; ++k) {
        for (int i = 0; i <= per_corner; ++i) {
            const double a = kPi / 2 * (k + static_cast<double>(i) / per_corner);
            pts.push_back(polar(centers[k], radius, a));
        }
    }
    convex(pts, color);
}

} // namespace billiards::render
