#include "physics/event_queue.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace billiards::physics {

void EventQueue::reset(std::size_t balls, double origin, double width) {
    origin_ = origin;
    width_ = width > 0.0 && std::isfinite(width) ? width : 1.0;
    inv_width_ = 1.0 / width_;
    current_ = 0;
    size_ = in_ring_ = 0;
    sorted_ = true;
    ahead_ = kNil;
    heap_.clear();
    // A crowded bucket (before the world tuned the width) leaves room for many: give it back.
    if (heap_.capacity() > 4 * kSorted) std::vector<Entry>().swap(heap_);
    // Room for a tuned bucket and more, so that steps do not grow it.
    heap_.reserve(std::min(balls, std::size_t{2 * kSorted}));
    std::size_t ring = 256;
    while (ring < balls / 4 && ring < (std::size_t{1} << 20))
        ring *= 2;
    // Re-tuning happens while stepping: reuse the storage (no allocation in a step).
    ring_.assign(ring, kNil);
    mask_ = ring - 1;
    overflow_.clear();
    overflow_.reserve(std::min(balls, std::size_t{64})); // all of a game's balls
    node_.assign(balls, Node{});
}

std::int64_t EventQueue::bucket_of(double time) const {
    // Monotone in time, so a lower bucket always means an earlier time.
    const double q = (time - origin_) * inv_width_;
    constexpr double kFar = 4e18;
    if (!(q < kFar)) return static_cast<std::int64_t>(kFar);
    if (!(q > -kFar)) return -static_cast<std::int64_t>(kFar);
    // floor(q) without the library call (it dominated this function).
    auto k = static_cast<std::int64_t>(q);
    if (static_cast<double>(k) > q) --k;
    return k;
}

void EventQueue::sift_up(std::size_t p) {
    const Entry e = heap_[p];
    while (p > 0) {
        const std::size_t parent = (p - 1) / 2;
        if (!before(e, heap_[parent])) break;
        heap_[p] = heap_[parent];
        node_[heap_[p].ball].prev = static_cast<std::int32_t>(p);
        p = parent;
    }
    heap_[p] = e;
    node_[e.ball].prev = static_cast<std::int32_t>(p);
}

void EventQueue::sift_down(std::size_t p) {
    const std::size_t n = heap_.size();
    const Entry e = heap_[p];
    for (;;) {
        std::size_t c = 2 * p + 1;
        if (c >= n) break;
        if (c + 1 < n && before(heap_[c + 1], heap_[c])) ++c;
        if (!before(heap_[c], e)) break;
        heap_[p] = heap_[c];
        node_[heap_[p].ball].prev = static_cast<std::int32_t>(p);
        p = c;
    }
    heap_[p] = e;
    node_[e.ball].prev = static_cast<std::int32_t>(p);
}

void EventQueue::make_heap() {
    // Sorted with the earliest last: reversed, it is a heap already.
    std::reverse(heap_.begin(), heap_.end());
    sorted_ = false;
    for (std::size_t p = 0; p < heap_.size(); ++p)
        node_[heap_[p].ball].prev = static_cast<std::int32_t>(p);
}

void EventQueue::push_heap(double time, std::uint32_t b) {
    node_[b].next = kInHeap;
    const Entry e{time, b};
    if (heap_.empty()) sorted_ = true;
    if (sorted_) {
        if (heap_.size() < kSorted) {
            // Insertion from the earliest end, where new entries mostly land.
            std::size_t i = heap_.size();
            heap_.push_back(e);
            while (i > 0 && before(heap_[i - 1], e)) {
                heap_[i] = heap_[i - 1];
                --i;
            }
            heap_[i] = e;
            return;
        }
        make_heap();
    }
    heap_.push_back(e);
    sift_up(heap_.size() - 1);
}

void EventQueue::erase_heap(std::uint32_t b) {
    if (sorted_) {
        // Mostly the earliest, at the back.
        std::size_t i = heap_.size() - 1;
        while (heap_[i].ball != b)
            --i;
        heap_.erase(heap_.begin() + static_cast<std::ptrdiff_t>(i));
        return;
    }
    const auto pos = static_cast<std::size_t>(node_[b].prev);
    const Entry last = heap_.back();
    heap_.pop_back();
    if (pos == heap_.size()) return;
    const Entry old = heap_[pos];
    heap_[pos] = last;
    node_[last.ball].prev = static_cast<std::int32_t>(pos);
    if (before(last, old))
        sift_up(pos);
    else
        sift_down(pos);
}

void EventQueue::link(std::size_t slot, std::uint32_t b) {
    std::int32_t& head = ring_[slot];
    Node& n = node_[b];
    n.next = head;
    if (head != kNil) node_[static_cast<std::size_t>(head)].prev = static_cast<std::int32_t>(b);
    n.prev = -1 - static_cast<std::int32_t>(slot);
    head = static_cast<std::int32_t>(b);
    ++in_ring_;
}

void EventQueue::unlink(std::uint32_t b) {
    Node& n = node_[b];
    const std::int32_t p = n.prev, q = n.next;
    if (q >= 0) node_[static_cast<std::size_t>(q)].prev = p;
    if (p >= 0)
        node_[static_cast<std::size_t>(p)].next = q;
    else
        ring_[static_cast<std::size_t>(-1 - p)] = q;
    --in_ring_;
}

void EventQueue::insert(std::uint32_t b, double time, std::int64_t k) {
    Node& n = node_[b];
    if (k <= current_) {
        push_heap(time, b);
    } else if (k - current_ <= static_cast<std::int64_t>(mask_)) {
        link(static_cast<std::size_t>(static_cast<std::uint64_t>(k) & mask_), b);
    } else {
        n.prev = kOverflow;
        n.next = static_cast<std::int32_t>(overflow_.size());
        overflow_.push_back(b);
    }
}

void EventQueue::take_out(std::uint32_t b) {
    Node& n = node_[b];
    if (n.next == kInHeap) {
        erase_heap(b);
    } else if (n.prev == kOverflow) {
        const auto at = static_cast<std::size_t>(n.next);
        const std::uint32_t last = overflow_.back();
        overflow_[at] = last;
        node_[last].next = static_cast<std::int32_t>(at);
        overflow_.pop_back();
    } else {
        unlink(b);
    }
    n.next = kAbsent;
    n.prev = kNil;
}

void EventQueue::remove(int ball) {
    const auto b = static_cast<std::uint32_t>(ball);
    if (node_[b].next == kAbsent) return;
    take_out(b);
    --size_;
}

void EventQueue::set(int ball, double time) {
    if (!(time < std::numeric_limits<double>::infinity())) {
        remove(ball);
        return;
    }
    const auto b = static_cast<std::uint32_t>(ball);
    Node& n = node_[b];
    const std::int64_t k = bucket_of(time);
    if (n.next == kInHeap && k <= current_) {
        // Stays in the current bucket: move it to its new place.
        if (sorted_) {
            erase_heap(b);
            push_heap(time, b);
            return;
        }
        const auto p = static_cast<std::size_t>(n.prev);
        const Entry old = heap_[p];
        heap_[p].time = time;
        if (before(heap_[p], old))
            sift_up(p);
        else
            sift_down(p);
        return;
    }
    if (n.next == kAbsent)
        ++size_;
    else
        take_out(b);
    insert(b, time, k);
}

std::size_t EventQueue::memory_bytes() const {
    return heap_.capacity() * sizeof(Entry) + ring_.capacity() * sizeof(std::int32_t) +
           overflow_.capacity() * sizeof(std::uint32_t) + node_.capacity() * sizeof(Node);
}

} // namespace billiards::physics
