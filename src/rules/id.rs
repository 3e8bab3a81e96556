//! A Force's, an area's or a group's id as the rules and the decisions
//! name it.
//!
//! Ids are interned: each distinct text is stored once for the life of the
//! program, so an [`Id`] is a copied pointer (the same text mostly the same
//! address, compared first), and a legal answer that names Forces
//! ([`crate::rules::decision::Decision`]) is a plain `Copy` value the engine
//! makes and drops by the thousand in a battle without a tag to check or a
//! drop to run. Equality, order and hash are the text's, as for any string,
//! so sorted lists and maps keep the order they had.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::Mutex;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Every text an [`Id`] was made from. Only making an id from text locks
/// it (loading a campaign or a save, a command-line argument); the engine
/// copies ids it already has.
static TEXTS: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());

/// An interned id: see the module's documentation.
#[derive(Clone, Copy)]
pub struct Id(&'static str);

impl Id {
    /// The id of this text (the one copy of it, made on first use).
    pub fn new(text: &str) -> Id {
        // A poisoned lock still holds a valid set: every insert is whole.
        let mut texts = TEXTS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&kept) = texts.get(text) {
            return Id(kept);
        }
        let kept: &'static str = Box::leak(text.to_owned().into_boxed_str());
        texts.insert(kept);
        Id(kept)
    }

    /// The id of a text the program holds for its whole life (a literal):
    /// nothing to store, no lock.
    pub const fn from_static(text: &'static str) -> Id {
        Id(text)
    }

    pub fn as_str(&self) -> &'static str {
        self.0
    }

    /// The very same id (one text, one address): true means equal; false
    /// may still be an equal text kept elsewhere (a literal's).
    #[inline]
    pub fn is(self, other: Id) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

/// Values by id, found by the address of an id's text: an [`Id`] (or its
/// very text) is looked up without hashing or comparing the text. Any
/// other text is not found here; a caller looks it up by text then.
#[derive(Debug, Clone, Default)]
pub struct ByAddress<V>(bevy::platform::collections::HashMap<usize, (usize, V)>);

impl<V: Copy> ByAddress<V> {
    pub fn get(&self, text: &str) -> Option<V> {
        // An id's text is never freed (interned or a literal), so a text
        // at its address and of its length is that text.
        let &(len, v) = self.0.get(&(text.as_ptr() as usize))?;
        (len == text.len()).then_some(v)
    }
}

impl<V> FromIterator<(Id, V)> for ByAddress<V> {
    fn from_iter<T: IntoIterator<Item = (Id, V)>>(ids: T) -> Self {
        ByAddress(
            ids.into_iter()
                .map(|(id, v)| (id.0.as_ptr() as usize, (id.0.len(), v)))
                .collect(),
        )
    }
}

impl Default for Id {
    fn default() -> Id {
        Id::new("")
    }
}

impl Deref for Id {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

impl AsRef<str> for Id {
    fn as_ref(&self) -> &str {
        self.0
    }
}

impl Borrow<str> for Id {
    fn borrow(&self) -> &str {
        self.0
    }
}

impl PartialEq for Id {
    #[inline]
    fn eq(&self, other: &Id) -> bool {
        std::ptr::eq(self.0, other.0) || self.0 == other.0
    }
}

impl Eq for Id {}

impl Hash for Id {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

impl Ord for Id {
    fn cmp(&self, other: &Id) -> Ordering {
        if std::ptr::eq(self.0, other.0) {
            Ordering::Equal
        } else {
            self.0.cmp(other.0)
        }
    }
}

impl PartialOrd for Id {
    fn partial_cmp(&self, other: &Id) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq<str> for Id {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Id {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<String> for Id {
    fn eq(&self, other: &String) -> bool {
        self.0 == other.as_str()
    }
}

impl PartialEq<Id> for str {
    fn eq(&self, other: &Id) -> bool {
        self == other.0
    }
}

impl PartialEq<Id> for &str {
    fn eq(&self, other: &Id) -> bool {
        *self == other.0
    }
}

impl PartialEq<Id> for String {
    fn eq(&self, other: &Id) -> bool {
        self.as_str() == other.0
    }
}

impl fmt::Debug for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0, f)
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.0, f)
    }
}

impl From<&str> for Id {
    fn from(text: &str) -> Id {
        Id::new(text)
    }
}

impl From<&String> for Id {
    fn from(text: &String) -> Id {
        Id::new(text)
    }
}

impl From<String> for Id {
    fn from(text: String) -> Id {
        Id::new(&text)
    }
}

impl From<&Id> for Id {
    fn from(id: &Id) -> Id {
        *id
    }
}

impl From<Id> for String {
    fn from(id: Id) -> String {
        id.0.to_owned()
    }
}

impl std::str::FromStr for Id {
    type Err = std::convert::Infallible;
    fn from_str(text: &str) -> Result<Id, Self::Err> {
        Ok(Id::new(text))
    }
}

impl Serialize for Id {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Id, D::Error> {
        struct Text;
        impl serde::de::Visitor<'_> for Text {
            type Value = Id;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Id, E> {
                Ok(Id::new(text))
            }
        }
        deserializer.deserialize_str(Text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_text_is_the_same_id_and_order_is_the_texts() {
        let a = Id::new("longstreet");
        let b = Id::from(String::from("longstreet"));
        assert_eq!(a, b);
        assert!(std::ptr::eq(a.as_str(), b.as_str()));
        let c = Id::new("jackson");
        assert_ne!(a, c);
        let mut ids = [a, c, Id::new("hill-ap"), Id::default()];
        ids.sort();
        let texts: Vec<&str> = ids.iter().map(|i| i.as_str()).collect();
        assert_eq!(texts, ["", "hill-ap", "jackson", "longstreet"]);
        assert_eq!(a, "longstreet");
        assert_eq!("jackson", c);
    }

    #[test]
    fn serialized_as_a_plain_string() {
        let id = Id::new("magruder");
        let json = serde_json::to_string(&id).unwrap();
        assert_eq!(json, "\"magruder\"");
        let back: Id = serde_json::from_str(&json).unwrap();
        assert_eq!(back, id);
        assert!(serde_json::from_str::<Id>("3").is_err());
    }
}
