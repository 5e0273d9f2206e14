// World (world.hpp): the engine's API, each call handed to WorldImpl (world_impl.hpp).
#include "physics/world.hpp"

#include "physics/world_impl.hpp"

namespace billiards::physics {

World::World(const Params& params, std::vector<Cushion> cushions, std::vector<Pocket> pockets)
    : impl_(std::make_unique<WorldImpl>(params, std::move(cushions), std::move(pockets))) {}
World::World(const World& other) : impl_(std::make_unique<WorldImpl>(*other.impl_)) {}
World& World::operator=(const World& other) {
    if (this == &other) return *this;
    if (impl_)
        *impl_ = *other.impl_; // keeps this world's vectors' storage where it can
    else
        impl_ = std::make_unique<WorldImpl>(*other.impl_);
    return *this;
}
World::World(World&& other) noexcept = default;
World& World::operator=(World&& other) noexcept = default;
World::~World() = default;

int World::add_ball(const BallDef& def) {
    return impl_->add_ball(def);
}
void World::reserve(std::size_t balls) {
    impl_->reserve(balls);
}
void World::remove_ball(int index) {
    impl_->remove_ball(index);
}
void World::clear_balls() {
    impl_->clear_balls();
}

int World::ball_count() const {
    return impl_->ball_count();
}
const std::vector<Ball>& World::balls() const {
    return impl_->balls();
}
int World::index_of(int id) const {
    return impl_->index_of(id);
}

void World::set_ball(int index, const BallDef& def) {
    impl_->set_ball(index, def);
}
void World::set_motion(int index, Vec2 velocity, Vec3 spin) {
    impl_->set_motion(index, velocity, spin);
}
void World::restore_ball(int index, Vec2 position) {
    impl_->restore_ball(index, position);
}

const Params& World::params() const {
    return impl_->params();
}
void World::set_params(const Params& p) {
    impl_->set_params(p);
}
const std::vector<Cushion>& World::cushions() const {
    return impl_->cushions();
}
const std::vector<Pocket>& World::pockets() const {
    return impl_->pockets();
}

void World::step() {
    impl_->step();
}
void World::step_partial(double h) {
    impl_->step_partial(h);
}
std::uint64_t World::run_until_rest(double max_seconds) {
    return impl_->run_until_rest(max_seconds, ~std::uint64_t{0}).steps;
}
World::RunReport World::run_until_rest(double max_seconds, std::uint64_t max_events) {
    return impl_->run_until_rest(max_seconds, max_events);
}
std::uint64_t World::skip_quiet_steps(std::uint64_t max_steps, const std::function<bool()>& go_on) {
    return impl_->skip_quiet_steps(max_steps, go_on);
}

bool World::at_rest() const {
    return impl_->at_rest();
}
double World::time() const {
    return impl_->time();
}
std::uint64_t World::steps() const {
    return impl_->steps();
}

void World::set_record_events(bool on) {
    impl_->set_record_events(on);
}
const std::vector<Event>& World::events() const {
    return impl_->events();
}
void World::clear_events() {
    impl_->clear_events();
}
const EventCounts& World::counts() const {
    return impl_->counts();
}
const StepStats& World::last_step() const {
    return impl_->last_step();
}

bool World::in_contact(int index) const {
    return impl_->in_contact(index);
}
bool World::any_in_contact() const {
    return impl_->any_in_contact();
}

Vec2 World::momentum() const {
    return impl_->momentum();
}
double World::linear_energy() const {
    return impl_->linear_energy();
}
double World::rotational_energy() const {
    return impl_->rotational_energy();
}

std::uint64_t World::state_hash() const {
    return impl_->state_hash();
}
std::size_t World::memory_bytes() const {
    return impl_->memory_bytes();
}

} // namespace billiards::physics
