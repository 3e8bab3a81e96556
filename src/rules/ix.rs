//! Index types. A counter's place in `Board::pieces` (`PieceIx`) and a
//! Force's slot on a battle sheet, in `Field::units` (`Slot`), are both
//! small integers; each has its own type so the compiler tells them apart,
//! and each list is an `IxVec` indexed by its own type only.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// An index type of an [`IxVec`].
pub trait Ix: Copy {
    fn from_usize(i: usize) -> Self;
    fn usize(self) -> usize;
}

macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        pub struct $name(usize);

        impl Ix for $name {
            #[inline]
            fn from_usize(i: usize) -> Self {
                $name(i)
            }
            #[inline]
            fn usize(self) -> usize {
                self.0
            }
        }
    };
}

index_type!(
    /// A counter on the board: its index in `Board::pieces`, which holds
    /// every counter of the game, sorted by id, for the whole game.
    PieceIx
);

index_type!(
    /// A Force's slot on a battle sheet: its index in `Field::units`, for
    /// the battle (a unit taken off the sheet moves the later ones down).
    Slot
);

/// A vector indexed by its own index type `I` only.
pub struct IxVec<I, T> {
    items: Vec<T>,
    ix: PhantomData<fn(I) -> I>,
}

impl<I: Ix, T> IxVec<I, T> {
    pub fn new() -> Self {
        IxVec::from(Vec::new())
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Add an item at the end.
    pub fn push(&mut self, item: T) {
        self.items.push(item);
    }

    /// The index the next item pushed gets.
    pub fn next_ix(&self) -> I {
        I::from_usize(self.items.len())
    }

    /// Take an item out, moving the later ones down.
    pub fn remove(&mut self, i: I) -> T {
        self.items.remove(i.usize())
    }

    #[inline]
    pub fn get(&self, i: I) -> Option<&T> {
        self.items.get(i.usize())
    }

    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    #[inline]
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.items.iter_mut()
    }

    /// Every index, in order.
    #[inline]
    pub fn indices(&self) -> impl DoubleEndedIterator<Item = I> + ExactSizeIterator + use<I, T> {
        (0..self.items.len()).map(I::from_usize)
    }

    /// Every item with its index, in order.
    #[inline]
    pub fn iter_enumerated(&self) -> impl DoubleEndedIterator<Item = (I, &T)> + '_ {
        self.items
            .iter()
            .enumerate()
            .map(|(i, t)| (I::from_usize(i), t))
    }

    /// The index of the first item matching `pred`.
    #[inline]
    pub fn position(&self, pred: impl FnMut(&T) -> bool) -> Option<I> {
        self.items.iter().position(pred).map(I::from_usize)
    }

    /// `slice::binary_search_by` with typed indices.
    pub fn binary_search_by(&self, f: impl FnMut(&T) -> std::cmp::Ordering) -> Result<I, I> {
        self.items
            .binary_search_by(f)
            .map(I::from_usize)
            .map_err(I::from_usize)
    }
}

impl<I: Ix, T> Default for IxVec<I, T> {
    fn default() -> Self {
        IxVec::new()
    }
}

impl<I, T> From<Vec<T>> for IxVec<I, T> {
    fn from(items: Vec<T>) -> Self {
        IxVec {
            items,
            ix: PhantomData,
        }
    }
}

impl<I, T> FromIterator<T> for IxVec<I, T> {
    fn from_iter<It: IntoIterator<Item = T>>(it: It) -> Self {
        IxVec::from(it.into_iter().collect::<Vec<T>>())
    }
}

impl<I, T: Clone> Clone for IxVec<I, T> {
    fn clone(&self) -> Self {
        IxVec::from(self.items.clone())
    }
}

impl<I, T: PartialEq> PartialEq for IxVec<I, T> {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
    }
}

impl<I, T: Eq> Eq for IxVec<I, T> {}

impl<I, T: fmt::Debug> fmt::Debug for IxVec<I, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.items.fmt(f)
    }
}

impl<I: Ix, T> Index<I> for IxVec<I, T> {
    type Output = T;
    #[inline]
    fn index(&self, i: I) -> &T {
        &self.items[i.usize()]
    }
}

impl<I: Ix, T> IndexMut<I> for IxVec<I, T> {
    #[inline]
    fn index_mut(&mut self, i: I) -> &mut T {
        &mut self.items[i.usize()]
    }
}

impl<'a, I, T> IntoIterator for &'a IxVec<I, T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<'a, I, T> IntoIterator for &'a mut IxVec<I, T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ixvec_is_indexed_by_its_own_type() {
        let mut v: IxVec<Slot, &str> = IxVec::new();
        let a = v.next_ix();
        v.push("a");
        let b = v.next_ix();
        v.push("b");
        assert_eq!((v[a], v[b]), ("a", "b"));
        assert_eq!(v.indices().collect::<Vec<_>>(), vec![a, b]);
        assert_eq!(v.position(|s| *s == "b"), Some(b));
        assert_eq!(v.remove(a), "a");
        assert_eq!(v[a], "b");
        assert_eq!(v.iter_enumerated().next(), Some((a, &"b")));
    }
}
