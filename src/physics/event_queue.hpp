// The world's event queue: every ball with an event ahead sits in it, keyed by the time of
// that event; the earliest comes out first (ties: lower ball index first).
//
// A calendar queue (as in event-driven molecular dynamics, G. Paul, J. Comput. Phys. 221,
// 2007): time is cut into buckets of a fixed width; the balls due in the current bucket
// are kept in a small sorted array (a binary heap if the bucket is crowded), those due in
// the next `ring` buckets in unordered per-bucket lists, and anything later in an overflow
// list that is sorted into the ring one revolution at a time (or jumped to when the ring is
// empty). Insertion, removal and key changes cost O(1) outside the current bucket, whatever
// the number of balls, and touch one 8-byte node per ball. With a width that puts a few
// events in each bucket this beats an N-ball heap by the depth of that heap and its cache
// misses.
//
// The queue keeps no copy of the times of the balls outside the current bucket: the owner
// has them already (the world: each ball's next event and next cell crossing), and a copy
// would cost 8 bytes a ball. So peek() takes `due`, a function that gives a listed ball's
// time, which must be the time last given to set() for that ball (debug builds check that
// the balls of each bucket are due in it). When due also has prefetch(b), the queue calls
// it for the balls of the next bucket, so that their times are loaded by the time it
// moves them into the heap.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace billiards::physics {

class EventQueue {
  public:
    // Empties the queue for `balls` balls, with buckets `width` seconds wide starting at
    // time `origin`.
    void reset(std::size_t balls, double origin, double width);
    double width() const { return width_; }

    // Inserts, moves or (for an infinite time) removes ball b.
    void set(int b, double time);
    void remove(int b);

    // The earliest entry; false when the queue is empty. due(b) (b: std::uint32_t) gives
    // the time of listed ball b (see above).
    template <class Due> bool peek(double& time, int& ball, const Due& due) {
        if (heap_.empty() && !advance(due)) return false;
        if (ahead_ >= 0) {
            // The next bucket's list is a chain of cache misses: walk it one step ahead of
            // advance(). Only a hint: the ball may have moved since (out of range stops it).
            const std::int32_t next = node_[static_cast<std::size_t>(ahead_)].next;
            ahead_ = next >= 0 && static_cast<std::size_t>(next) < node_.size() ? next : kNil;
            if (ahead_ >= 0) prefetch_ahead(due);
        }
        const Entry& e = sorted_ ? heap_.back() : heap_.front();
        time = e.time;
        ball = static_cast<int>(e.ball);
        return true;
    }
    std::size_t size() const { return size_; }
    // Balls likely to come out soon after the earliest (for prefetching); -1 when none.
    int soon(std::size_t k) const {
        const std::size_t n = heap_.size();
        if (k >= n) return -1;
        return static_cast<int>(heap_[sorted_ ? n - 1 - k : k].ball);
    }
    std::size_t memory_bytes() const;

  private:
    static constexpr std::int32_t kNil = -1;
    // Node::next of a ball that is not listed: in the current bucket (prev = its heap position
    // when the bucket is a heap) or absent.
    static constexpr std::int32_t kInHeap = -2;
    static constexpr std::int32_t kAbsent = -3;

    // In the overflow: Node::prev == kOverflow and Node::next is its index there.
    static constexpr std::int32_t kOverflow = -0x7fffffff - 1;

    struct Node {
        // In a ring bucket: previous ball, or -1 - slot for the first ball of the bucket.
        std::int32_t prev = kNil;
        std::int32_t next = kAbsent;
    };
    struct Entry {
        double time;
        std::uint32_t ball;
    };
    static bool before(const Entry& a, const Entry& b) {
        return a.time < b.time || (a.time == b.time && a.ball < b.ball);
    }

    // The current bucket holds few balls, tuned by the world: they are kept sorted, the
    // earliest last, so taking the earliest out is a pop and no positions are kept. Past
    // this many it turns into a binary heap (earliest first, positions in Node::prev)
    // until it next empties.
    static constexpr std::size_t kSorted = 32;

    std::int64_t bucket_of(double time) const;
    void push_heap(double time, std::uint32_t b);
    void erase_heap(std::uint32_t b);
    void make_heap();
    void sift_up(std::size_t p);
    void sift_down(std::size_t p);
    void link(std::size_t slot, std::uint32_t b);
    void unlink(std::uint32_t b);
    void insert(std::uint32_t b, double time, std::int64_t bucket);
    void take_out(std::uint32_t b); // from wherever it is (it must be present)
    template <class Due> void prefetch_ahead(const Due& due) const {
        __builtin_prefetch(&node_[static_cast<std::size_t>(ahead_)]);
        if constexpr (requires { due.prefetch(std::uint32_t{}); })
            due.prefetch(static_cast<std::uint32_t>(ahead_));
    }
    // Moves the next non-empty bucket into the heap; false when none is left.
    template <class Due> bool advance(const Due& due);
    // Brings the overflow balls due within one revolution of the current bucket into the
    // ring (or the heap).
    template <class Due> void drain_overflow(const Due& due);

    double origin_ = 0.0;
    double width_ = 1.0;
    double inv_width_ = 1.0;
    std::int64_t current_ = 0; // bucket whose balls are in the heap
    std::size_t size_ = 0;
    std::size_t in_ring_ = 0;
    bool sorted_ = true;             // heap_ is sorted (else a binary heap)
    std::int32_t ahead_ = kNil;      // a ball of the next bucket, being prefetched
    std::vector<Entry> heap_;        // the current bucket (and anything earlier)
    std::vector<std::int32_t> ring_; // list heads, indexed by bucket & mask_
    std::uint64_t mask_ = 0;
    std::vector<std::uint32_t> overflow_; // balls due a revolution or more ahead
    std::vector<Node> node_;              // per ball
};

template <class Due> void EventQueue::drain_overflow(const Due& due) {
    std::size_t keep = 0;
    const std::size_t n = overflow_.size();
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t b = overflow_[k];
        const double time = due(b);
        const std::int64_t bucket = bucket_of(time);
        if (bucket - current_ <= static_cast<std::int64_t>(mask_)) {
            insert(b, time, bucket); // may not land in the overflow again
        } else {
            node_[b].next = static_cast<std::int32_t>(keep);
            overflow_[keep++] = b;
        }
    }
    overflow_.resize(keep);
}

template <class Due> bool EventQueue::advance(const Due& due) {
    for (;;) {
        if (in_ring_ == 0) {
            if (overflow_.empty()) return false;
            // Nothing in the ring: jump to the earliest overflow bucket.
            std::int64_t first = std::numeric_limits<std::int64_t>::max();
            for (std::uint32_t b : overflow_)
                first = std::min(first, bucket_of(due(b)));
            current_ = std::max(current_, first);
        } else {
            ++current_;
        }
        // Overflow balls that now fall within one revolution join the ring (or the heap).
        if (!overflow_.empty() &&
            (in_ring_ == 0 || (static_cast<std::uint64_t>(current_) & mask_) == 0))
            drain_overflow(due);
        // The current bucket's balls go into the heap.
        const auto slot = static_cast<std::size_t>(static_cast<std::uint64_t>(current_) & mask_);
        std::int32_t u = ring_[slot];
        ring_[slot] = kNil;
        while (u != kNil) {
            const auto b = static_cast<std::uint32_t>(u);
            const std::int32_t next = node_[b].next;
            --in_ring_;
            const double time = due(b);
            assert(bucket_of(time) == current_ && "due() must give the time last set");
            push_heap(time, b);
            u = next;
        }
        if (!heap_.empty()) {
            // Start loading the next bucket's list, one ball per peek (see peek).
            ahead_ =
                ring_[static_cast<std::size_t>(static_cast<std::uint64_t>(current_ + 1) & mask_)];
            if (ahead_ >= 0) prefetch_ahead(due);
            return true;
        }
    }
}

} // namespace billiards::physics
