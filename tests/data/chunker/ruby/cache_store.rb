# frozen_string_literal: true

require "json"
require_relative "cache/entry"

module Shop
  module Cache
    # A store that keeps entries in memory and expires them lazily.
    #
    # @example
    #   store = Shop::Cache::MemoryStore.new(ttl: 60)
    class MemoryStore < BaseStore
      include Enumerable
      DEFAULT_TTL = 300

      attr_reader :ttl

      # Creates a store.
      # @param ttl [Integer] seconds an entry lives
      def initialize(ttl: DEFAULT_TTL)
        super()
        @ttl = ttl
        @entries = {}
      end

      # Reads an entry, or nil when it expired.
      def read(key)
        entry = @entries[key]
        return nil unless entry
        if entry.expired?(Time.now)
          delete(key)
          return nil
        end
        entry.value
      end

      def write(key, value)
        @entries[key] = Entry.new(value, Time.now + ttl)
      end

      def delete(key) = @entries.delete(key)

      def each(&block)
        @entries.each_value(&block)
      end

      # Builds a store from a JSON config.
      def self.from_config(text)
        config = JSON.parse(text)
        new(ttl: config.fetch("ttl", DEFAULT_TTL))
      end

      class << self
        def default
          @default ||= new
        end
      end

      private

      def prune!
        @entries.reject! { |_, e| e.expired?(Time.now) }
      end
    end

    # Helpers mixed into every store.
    module Instrumentation
      def instrument(name)
        started = Time.now
        yield
      ensure
        Logger.log(name, Time.now - started)
      end
    end
  end
end

Shop::Cache::MemoryStore.default.write(:boot, true)
