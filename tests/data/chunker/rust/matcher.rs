//! Glob matchers read from a configuration file.

/// How a glob is written in the file.
pub enum RawMatcher {
    Simple(String),
    Full { glob: String, case_sensitive: bool },
}

pub struct Matcher {
    segments: Vec<String>,
    case: Case,
}

impl TryFrom<RawMatcher> for Matcher {
    type Error = String;

    fn try_from(raw: RawMatcher) -> Result<Self, Self::Error> {
        match &raw {
            RawMatcher::Simple(s) => Ok(Self { segments: parse_glob(s)?, case: Case::Insensitive }),
            RawMatcher::Full { glob, case_sensitive } => Ok(Self {
                segments: parse_glob(glob)?,
                case: if *case_sensitive { Case::Sensitive } else { Case::Insensitive },
            }),
        }
    }
}

impl Matcher {
    /// Whether the path matches every segment.
    pub fn is_match(&self, path: &str) -> bool {
        self.segments.iter().all(|s| path.contains(s.as_str()))
    }
}
