--- A double-ended queue.
-- @module queue
local util = require("util")
local M = {}
M.__index = M

--- Creates an empty queue.
-- @treturn Queue
function M.new()
  return setmetatable({ first = 1, last = 0, items = {} }, M)
end

--- Adds a value at the back.
-- @param value anything
function M:push(value)
  self.last = self.last + 1
  self.items[self.last] = value
end

function M:pop()
  if self.first > self.last then
    return nil
  end
  local value = self.items[self.first]
  self.items[self.first] = nil
  self.first = self.first + 1
  return value
end

local function count(q)
  return q.last - q.first + 1
end

M.size = function(self)
  return count(self)
end

function util.debug_queue(q)
  print(util.inspect(q.items))
end

return M
