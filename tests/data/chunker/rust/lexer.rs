use std::iter::Peekable;
use std::str::Chars;
mod tokens;

#[derive(Debug, PartialEq)]
pub enum Token {
    Ident(String),
    Number(f64),
    Punct(char),
}

pub struct Lexer<'a> {
    chars: Peekable<Chars<'a>>,
    line: u32,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Self {
        Lexer { chars: src.chars().peekable(), line: 1 }
    }

    /// Reads the next token, skipping whitespace and comments.
    ///
    /// Long on purpose: one match per token class.
    pub fn next_token(&mut self) -> Option<Token> {
        loop {
            let c = *self.chars.peek()?;
            if c == '\n' {
                self.line += 1;
                self.chars.next();
                continue;
            }
            if c.is_whitespace() {
                self.chars.next();
                continue;
            }
            if c == '#' {
                while let Some(&c) = self.chars.peek() {
                    if c == '\n' {
                        break;
                    }
                    self.chars.next();
                }
                continue;
            }
            if c.is_ascii_digit() {
                let mut text = String::new();
                while let Some(&d) = self.chars.peek() {
                    if !(d.is_ascii_digit() || d == '.') {
                        break;
                    }
                    text.push(d);
                    self.chars.next();
                }
                return text.parse::<f64>().ok().map(Token::Number);
            }
            if c.is_alphabetic() || c == '_' {
                let mut text = String::new();
                while let Some(&d) = self.chars.peek() {
                    if !(d.is_alphanumeric() || d == '_') {
                        break;
                    }
                    text.push(d);
                    self.chars.next();
                }
                return Some(Token::Ident(text));
            }
            self.chars.next();
            return Some(Token::Punct(c));
        }
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        self.next_token()
    }
}

// Work in progress: the parser below does not compile yet.
pub fn parse_all(src: &str) -> Vec<Token> {
    let lexer = Lexer::new(src);
    lexer.filter(|t| t != &Token::Punct(';')).collect::<Vec<_>>(
}

pub fn count_idents(tokens: &[Token]) -> usize {
    tokens.iter().filter(|t| matches!(t, Token::Ident(_))).count()
}
