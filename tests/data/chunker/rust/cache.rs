//! A small LRU cache with expiry.

use std::collections::HashMap;
use std::time::{Duration, Instant};
use crate::metrics::{self, Counter};

/// Maximum number of entries kept by default.
pub const DEFAULT_CAPACITY: usize = 1024;
static HITS: AtomicUsize = AtomicUsize::new(0);

pub type Key = String;

/// One cached value with its insertion time.
#[derive(Debug, Clone)]
pub struct Entry<V> {
    value: V,
    inserted: Instant,
}

/// Why a lookup failed.
pub enum Miss {
    Absent,
    Expired { age: Duration },
}

pub union Bits {
    int: u32,
    float: f32,
}

/// Anything that can be evicted.
pub trait Evict {
    /// Drop the oldest entry; returns whether one was dropped.
    fn evict_one(&mut self) -> bool;

    fn evict_all(&mut self) {
        while self.evict_one() {}
    }
}

pub struct Cache<V> {
    map: HashMap<Key, Entry<V>>,
    ttl: Duration,
    hits: Counter,
}

impl<V: Clone> Cache<V> {
    /// Creates an empty cache.
    pub fn new(ttl: Duration) -> Self {
        Cache { map: HashMap::with_capacity(DEFAULT_CAPACITY), ttl, hits: Counter::default() }
    }

    pub fn get(&mut self, key: &str) -> Result<V, Miss> {
        let entry = self.map.get(key).ok_or(Miss::Absent)?;
        let age = entry.inserted.elapsed();
        if age > self.ttl {
            return Err(Miss::Expired { age });
        }
        self.hits.increment();
        metrics::record("cache.hit", 1);
        Ok(entry.value.clone())
    }

    pub fn insert(&mut self, key: Key, value: V) -> Option<V> {
        let old = self.map.insert(key, Entry { value, inserted: Instant::now() });
        old.map(|e| e.value)
    }
}

impl<V> Evict for Cache<V> {
    fn evict_one(&mut self) -> bool {
        let oldest = self.map.iter().min_by_key(|(_, e)| e.inserted).map(|(k, _)| k.clone());
        match oldest {
            Some(k) => self.map.remove(&k).is_some(),
            None => false,
        }
    }
}

impl std::fmt::Display for Miss {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Miss::Absent => write!(f, "absent"),
            Miss::Expired { age } => write!(f, "expired {:?} ago", age),
        }
    }
}

macro_rules! cached {
    ($cache:expr, $key:expr, $make:expr) => {
        match $cache.get($key) {
            Ok(v) => v,
            Err(_) => { let v = $make; $cache.insert($key.into(), v.clone()); v }
        }
    };
}

pub mod policy {
    use super::Duration;

    /// Picks a TTL for a key.
    pub fn ttl_for(key: &str) -> Duration {
        fn is_hot(k: &str) -> bool {
            k.starts_with("hot:")
        }
        if is_hot(key) { Duration::from_secs(5) } else { Duration::from_secs(60) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expires_entries() {
        let mut cache = Cache::new(Duration::from_millis(0));
        cache.insert("a".to_string(), 1);
        std::thread::sleep(Duration::from_millis(1));
        assert!(matches!(cache.get("a"), Err(Miss::Expired { .. })));
    }
}
