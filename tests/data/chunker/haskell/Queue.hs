{-# LANGUAGE ScopedTypeVariables #-}
-- | A purely functional FIFO queue with amortised O(1) operations.
module Data.Queue
  ( Queue
  , empty
  , push
  , pop
  , size
  ) where

import qualified Data.List as L
import Data.Maybe (fromMaybe)

-- | A queue: a front list and a reversed back list.
data Queue a = Queue
  { front :: [a]
  , back  :: [a]
  } deriving (Show, Eq)

newtype Size = Size Int

type Elements a = [a]

-- | Things that can be measured.
class Measured f where
  measure :: f a -> Int

instance Measured Queue where
  measure q = length (front q) + length (back q)

-- | The empty queue.
empty :: Queue a
empty = Queue [] []

-- | Adds an element at the back.
push :: a -> Queue a -> Queue a
push x (Queue f b) = check (Queue f (x : b))

-- | Removes the element at the front.
pop :: Queue a -> Maybe (a, Queue a)
pop (Queue [] _) = Nothing
pop (Queue (x : f) b) = Just (x, check (Queue f b))

size :: Queue a -> Int
size = measure

check :: Queue a -> Queue a
check q@(Queue [] b) = Queue (L.reverse b) []
check q = q

toList :: Queue a -> [a]
toList q = fromMaybe [] $ do
  (x, rest) <- pop q
  pure (x : toList rest)

main :: IO ()
main = print (toList (push 2 (push 1 empty)))
