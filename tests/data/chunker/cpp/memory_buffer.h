FMT_BEGIN_NAMESPACE
FMT_BEGIN_EXPORT

enum { inline_buffer_size = 500 };

/// A dynamically growing memory buffer.
template <typename T, size_t SIZE = inline_buffer_size,
          typename Allocator = detail::allocator<T>>
class basic_memory_buffer : public detail::buffer<T> {
 private:
  T store_[SIZE];

  static FMT_CONSTEXPR20 void grow(detail::buffer<T>& buf, size_t size) {
    auto& self = static_cast<basic_memory_buffer&>(buf);
    self.set(nullptr, size);
  }

 public:
  FMT_CONSTEXPR explicit basic_memory_buffer(const Allocator& alloc = Allocator())
      : detail::buffer<T>(grow) {}
  FMT_CONSTEXPR20 ~basic_memory_buffer() { deallocate(); }

  template <typename Alloc = Allocator,
            FMT_ENABLE_IF(!std::allocator_traits<Alloc>::
                              propagate_on_container_move_assignment::value)>
  FMT_CONSTEXPR20 auto move_alloc(basic_memory_buffer& other) -> bool {
    return true;
  }

  auto operator=(basic_memory_buffer&& other) noexcept -> basic_memory_buffer& {
    move(other);
    return *this;
  }
};

class FMT_API format_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

FMT_END_EXPORT
FMT_END_NAMESPACE
