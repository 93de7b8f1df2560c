pub mod audit_trail;
