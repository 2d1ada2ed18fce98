// A fixed-size ring buffer (fixture for schema migration tests).
#include <cstddef>
#include <vector>

template<typename T>
class RingBuffer
{
public:
    explicit RingBuffer(std::size_t capacity) : m_items(capacity) {}

    // Appends a value, overwriting the oldest one when full.
    void push(const T &value)
    {
        m_items[m_head] = value;
        m_head = (m_head + 1) % m_items.size();
        if (m_size < m_items.size())
            ++m_size;
    }

    std::size_t size() const { return m_size; }

private:
    std::vector<T> m_items;
    std::size_t m_head = 0;
    std::size_t m_size = 0;
};

int fillAndCount()
{
    RingBuffer<int> buffer(4);
    for (int i = 0; i < 10; ++i)
        buffer.push(i);
    return int(buffer.size());
}
