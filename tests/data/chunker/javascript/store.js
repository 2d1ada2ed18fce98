'use strict';

const path = require('path');
const { EventEmitter } = require('events');
import defaultsDeep from 'lodash/defaultsDeep';
import * as fsp from 'node:fs/promises';

const DEFAULTS = { dir: '.cache', ttl: 60 };

/**
 * Joins a key into a file name inside the store directory.
 * @param {string} dir
 * @param {string} key
 */
function keyPath(dir, key) {
  return path.join(dir, encodeURIComponent(key) + '.json');
}

// Arrow helpers
const isExpired = (entry, now) => now - entry.savedAt > entry.ttl * 1000;
const clone = function (value) {
  return JSON.parse(JSON.stringify(value));
};

/** A tiny JSON file store that emits change events. */
class Store extends EventEmitter {
  #pending = new Map();

  constructor(options) {
    super();
    this.options = defaultsDeep({}, options, DEFAULTS);
  }

  static async open(options) {
    const store = new Store(options);
    await fsp.mkdir(store.options.dir, { recursive: true });
    return store;
  }

  get size() {
    return this.#pending.size;
  }

  /** Reads a value, or undefined when missing or expired. */
  async get(key) {
    try {
      const text = await fsp.readFile(keyPath(this.options.dir, key), 'utf8');
      const entry = JSON.parse(text);
      return isExpired(entry, Date.now()) ? undefined : clone(entry.value);
    } catch (err) {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    }
  }

  onChange = (key) => {
    this.emit('change', key);
  };

  *keys() {
    yield* this.#pending.keys();
  }
}

function* range(start, end, step = 1) {
  for (let i = start; i < end; i += step) yield i;
}

Store.prototype.toJSON = function () {
  return { dir: this.options.dir };
};

module.exports.createStore = function createStore(options) {
  return Store.open(options);
};

const helpers = {
  describe(store) {
    return `Store(${store.options.dir})`;
  },
  reset: async (store) => {
    await fsp.rm(store.options.dir, { recursive: true, force: true });
  },
};

// Drop pending writes when the process exits.
process.on('exit', function clearPending() {
  helpers.pending = 0;
});

module.exports = { Store, keyPath, range, helpers };
