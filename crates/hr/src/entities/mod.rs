pub mod emergency_contacts;
