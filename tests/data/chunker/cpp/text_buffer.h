// A growable text buffer in the style of a header-only formatting library: export and
// attribute macros, an include guard, feature tests in conditions, SFINAE macros and
// functional casts the grammar cannot read on their own.

#ifndef TXT_BUFFER_H_
#define TXT_BUFFER_H_

#include "txt/base.h"

#if TXT_HAS_INCLUDE(<string_view>) && \
    (TXT_CPLUSPLUS >= 201703L || defined(_LIBCPP_VERSION))
#  define TXT_USE_STRING_VIEW
#endif
#if TXT_HAS_CPP_ATTRIBUTE(clang::lifetimebound)
#  define TXT_LIFETIMEBOUND [[clang::lifetimebound]]
#endif

#define TXT_CHECK(condition, message)                                       \
  ((condition) /* void() is not constexpr on old compilers */              \
       ? (void)0                                                           \
       : ::txt::report_failure(__FILE__, __LINE__, (message)))

TXT_BEGIN_NAMESPACE
namespace detail {

template <typename T, typename Enable = void>
struct is_contiguous : std::false_type {};
template <typename T>
struct is_contiguous<T, void_t<decltype(std::declval<T&>().data()),
                               decltype(std::declval<T&>().operator[](size_t()))>>
    : std::true_type {};

TXT_TYPE_TAG(long long, long_long_tag);
TXT_TYPE_TAG(bool, bool_tag);

// Reserves room for n more characters.
template <typename OutputIt,
          TXT_ENABLE_IF(is_back_inserter<OutputIt>::value)>
#if TXT_CLANG_VERSION >= 307 && !TXT_ICC_VERSION
__attribute__((no_sanitize("undefined")))
#endif
TXT_CONSTEXPR20 inline auto reserve(OutputIt it, size_t n) -> OutputIt {
  auto& c = get_container(it);
  c.resize(c.size() + n);
  return it;
}

template <bool IS_CONSTEXPR, typename T>
auto find(const T* first, const T* last, T value) -> const T* {
  while (first != last && *first != value) ++first;
  return first;
}

}  // namespace detail

TXT_BEGIN_EXPORT

/**
 * A text buffer that keeps the first `SIZE` characters in the object itself.
 */
template <typename T, size_t SIZE = 128>
class text_buffer : public detail::buffer<T> {
 private:
  T store_[SIZE];
  unsigned flags_ = 0;

#if TXT_GCC_VERSION
  TXT_ALWAYS_INLINE
#endif
  TXT_CONSTEXPR20 void deallocate() {
    if (this->data() != store_) alloc_.deallocate(this->data(), this->capacity());
  }

 public:
  TXT_CONSTEXPR explicit text_buffer() : detail::buffer<T>(store_, SIZE) {}
  TXT_CONSTEXPR20 ~text_buffer() {
    TXT_TRY { deallocate(); } TXT_CATCH(...) {}
  }

  void set_align(unsigned a) {
    flags_ = (flags_ & ~align_mask) | (unsigned(a) << align_shift);
  }

  auto get(size_t id) const -> T {
    if (unsigned(id) < unsigned(this->size())) return store_[id];
    return T();
  }

  auto count() const -> int { return TXT_BUILTIN_POPCOUNT(flags_); }
};

class TXT_API text_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

TXT_END_EXPORT
TXT_END_NAMESPACE

#endif  // TXT_BUFFER_H_
