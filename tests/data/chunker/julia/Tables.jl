module Tables

export Table, allowmissing!

"""
    Table(columns)

A table of named columns.
"""
struct Table{T}
    columns::Vector{T}
end

"""
    allowmissing!(t)

Lets every column of `t` hold `missing`; methods are added by each table type.
"""
function allowmissing! end

function allowmissing!(t::Table)
    t.columns = map(allowmissing, t.columns)
    return t
end

Base.:(==)(a::Table, b::Table) = a.columns == b.columns

function Base.:(<)(a::Table, b::Table)
    return length(a.columns) < length(b.columns)
end

function Base.Matrix{T}(t::Table) where T
    return reduce(hcat, t.columns)
end

module Internal

width(t) = length(t.columns)

end

end
