//! The PTO tables. Only this crate writes them; other crates read through [`crate::Pto`].
