//! The PTO tables. Only this crate writes them; other crates read through [`crate::Pto`].

pub mod pto_type_overrides;
pub mod pto_types;
