"""
    Queues

First-in first-out queues.
"""
module Queues

using LinearAlgebra
import Base: push!, length

export Queue, enqueue!, dequeue!

"""
    Queue{T}

A FIFO queue backed by a vector.
"""
mutable struct Queue{T}
    items::Vector{T}
    head::Int
end

Queue{T}() where {T} = Queue{T}(T[], 1)

abstract type AbstractBuffer end

struct Window <: AbstractBuffer
    size::Int
end

"""
    enqueue!(q, x)

Adds `x` at the back of `q`.
"""
function enqueue!(q::Queue, x)
    push!(q.items, x)
    return q
end

function dequeue!(q::Queue)
    isempty(q) && throw(ArgumentError("queue is empty"))
    x = q.items[q.head]
    q.head += 1
    return x
end

length(q::Queue) = length(q.items) - q.head + 1
Base.isempty(q::Queue) = length(q) == 0

macro enqueue_all(q, xs...)
    return esc(:(foreach(x -> enqueue!($q, x), [$(xs...)])))
end

const DEFAULT_SIZE = 16

end # module
