//! Requests parsed into validated commands, with every field problem collected at once and the
//! spec's messages (000 §5).

use crate::password::{MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH};
use base64::Engine;
use chrono_tz::Tz;
use kernel::time::{parse_time_zone, DEFAULT_TIME_ZONE};
use kernel::validation::{is_valid_company_name, is_valid_email, is_valid_person_name};
use kernel::FieldErrors;

const MIN_LENGTH_MESSAGE: &str = "Password minimal length is 8";
const MAX_LENGTH_MESSAGE: &str = "Password maximal length is 128";
/// Used when signup does not send a company at all (the SSO payload has none).
pub const DEFAULT_COMPANY_NAME: &str = "My Company";

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|value| !value.is_empty())
}

/// E-mail addresses are compared lower-cased and trimmed.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// What a password that is long enough but easy to guess hears.
pub const WEAK_PASSWORD_MESSAGE: &str =
    "This password is too common or too easy to guess. Please choose a less predictable one.";

/// A new password: 8 to 128 characters, and not one an attacker would try early. The strength
/// is zxcvbn's estimate (common passwords, words, names, dates, keyboard patterns); its two
/// lowest scores (under about a million guesses) are refused. Unlike a hand-made list, it knows
/// 'password1' and 'qwertyuiop' and their variations.
pub(crate) fn check_new_password(errors: &mut FieldErrors, field: &str, password: &str) {
    if password.chars().count() < MIN_PASSWORD_LENGTH {
        errors.add(field, MIN_LENGTH_MESSAGE);
    } else if password.chars().count() > MAX_PASSWORD_LENGTH {
        errors.add(field, MAX_LENGTH_MESSAGE);
    } else if (zxcvbn::zxcvbn(password, &[]).score() as u8) < 2 {
        errors.add(field, WEAK_PASSWORD_MESSAGE);
    }
}

/// The signup form as sent.
#[derive(Debug, Clone, Default)]
pub struct SignupInput {
    pub company: Option<String>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    pub timezone: Option<String>,
    /// The bot-check provider's token.
    pub token: Option<String>,
    /// The honeypot field.
    pub website: Option<String>,
    /// A promotion code (optional; checked and redeemed by billing's [`crate::promotions::PromotionCodes`]).
    pub promot_code: Option<String>,
    /// The handle of a single sign-on (`ssoAccessToken`): present, this is an SSO signup
    /// ([`crate::sso`]), with no password and the provider's verified address.
    pub sso_access_token: Option<String>,
}

#[derive(Debug, Clone)]
pub struct SignupCommand {
    pub company_name: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub password: String,
    pub time_zone: Tz,
    /// The promotion code as typed (trimmed), when one was entered.
    pub promot_code: Option<String>,
}

impl SignupCommand {
    /// A company field that is absent gets 'My Company'; one sent empty is an error, as the form
    /// requires it. A time zone the server does not know falls back to the spec's default.
    pub fn parse(input: &SignupInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let company_name = match (&input.company, present(&input.company)) {
            (None, _) => DEFAULT_COMPANY_NAME.to_owned(),
            (Some(_), None) => {
                errors.add("company", "Enter Company Name");
                String::new()
            }
            (Some(_), Some(name)) => {
                if !is_valid_company_name(name) {
                    errors.add("company", "Please enter valid Company Name");
                }
                name.to_owned()
            }
        };
        let mut name = |field: &str, value: &Option<String>, label: &str| match present(value) {
            None => {
                errors.add(field, format!("Enter {label}"));
                String::new()
            }
            Some(name) => {
                if !is_valid_person_name(name) {
                    errors.add(field, format!("Please enter valid {label}"));
                }
                name.to_owned()
            }
        };
        let first_name = name("firstname", &input.firstname, "First Name");
        let last_name = name("lastname", &input.lastname, "Last Name");
        let email = match present(&input.email) {
            None => {
                errors.add("email", "Enter a Email");
                String::new()
            }
            Some(email) => {
                if !is_valid_email(email) {
                    errors.add("email", "Invalid Email Address");
                }
                normalize_email(email)
            }
        };
        let password = input.password.clone().unwrap_or_default();
        if password.is_empty() {
            errors.add("password", "Enter a Password");
        } else {
            check_new_password(&mut errors, "password", &password);
        }
        let time_zone = signup_time_zone(input);
        let promot_code = present(&input.promot_code).map(str::to_owned);
        errors.into_result(SignupCommand {
            company_name,
            first_name,
            last_name,
            email,
            password,
            time_zone,
            promot_code,
        })
    }
}

/// The zone a signup's company gets: the one sent, or the spec's default when it is absent or
/// unknown to the server.
pub fn signup_time_zone(input: &SignupInput) -> Tz {
    present(&input.timezone).and_then(parse_time_zone).unwrap_or(DEFAULT_TIME_ZONE)
}

/// The three forms of `POST /auth/login`.
#[derive(Debug, Clone, Default)]
pub struct LoginInput {
    pub email: Option<String>,
    pub password: Option<String>,
    pub token: Option<String>,
    pub base64_email: Option<String>,
    pub security_token: Option<String>,
}

#[derive(Debug, Clone)]
pub enum LoginCommand {
    Password {
        email: String,
        password: String,
    },
    /// A one-time sign-in code (the `/login?token=` flow, [`crate::sessions`]'s
    /// `issue_login_code`) exchanged for its session. Never a live session token: a link that
    /// carried one would sign whoever followed it into someone else's session (login CSRF).
    LoginCode(String),
    /// A one-time security token from an e-mail, with the address it was sent to.
    SecurityToken {
        email: String,
        token: String,
    },
}

impl LoginCommand {
    pub fn parse(input: &LoginInput) -> Result<Self, FieldErrors> {
        if let Some(token) = present(&input.token) {
            return Ok(LoginCommand::LoginCode(token.to_owned()));
        }
        if let Some(token) = present(&input.security_token) {
            let email = present(&input.base64_email).and_then(decode_base64_email);
            return match email {
                Some(email) => Ok(LoginCommand::SecurityToken { email, token: token.to_owned() }),
                None => Err(FieldErrors::single("base64Email", "Invalid Email address")),
            };
        }
        let mut errors = FieldErrors::new();
        let email = match present(&input.email) {
            None => {
                errors.add("email", "Please input the Email");
                String::new()
            }
            Some(email) if !is_valid_email(email) => {
                errors.add("email", "Invalid Email address");
                String::new()
            }
            Some(email) => normalize_email(email),
        };
        let password = input.password.clone().unwrap_or_default();
        if password.is_empty() {
            errors.add("password", "Enter valid password");
        }
        errors.into_result(LoginCommand::Password { email, password })
    }
}

/// The `me` of a verification link and the `base64Email` of a security-token login: the
/// address, base64-encoded (standard or URL-safe, padded or not).
pub fn decode_base64_email(encoded: &str) -> Option<String> {
    use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
    [STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD]
        .iter()
        .find_map(|engine| engine.decode(encoded.trim()).ok())
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .map(|email| normalize_email(&email))
        .filter(|email| is_valid_email(email))
}

pub fn encode_base64_email(email: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(email.as_bytes())
}

/// `POST /auth/reset-password`.
pub fn parse_reset_request(email: &Option<String>) -> Result<String, FieldErrors> {
    match present(email) {
        None => Err(FieldErrors::single("email", "Required")),
        Some(email) if !is_valid_email(email) => Err(FieldErrors::single("email", "Invalid email address")),
        Some(email) => Ok(normalize_email(email)),
    }
}

/// `POST /auth/reset-password-now`.
#[derive(Debug, Clone, Default)]
pub struct ResetNowInput {
    pub token: Option<String>,
    pub password: Option<String>,
    pub retype_password: Option<String>,
}

#[derive(Debug, Clone)]
pub struct ResetNowCommand {
    pub token: String,
    pub password: String,
}

impl ResetNowCommand {
    pub fn parse(input: &ResetNowInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let password = input.password.clone().unwrap_or_default();
        let retype = input.retype_password.clone().unwrap_or_default();
        if password.is_empty() {
            errors.add("password", "Please input the Password");
        } else {
            check_new_password(&mut errors, "password", &password);
        }
        if retype.is_empty() {
            errors.add("retypePassword", "Please input the Retype password");
        } else if !password.is_empty() && retype != password {
            errors.add("retypePassword", "Password and retype password should be identical");
        }
        let token = present(&input.token).unwrap_or_default().to_owned();
        if token.is_empty() {
            errors.add("token", crate::error::INVALID_LINK_MESSAGE);
        }
        errors.into_result(ResetNowCommand { token, password })
    }
}

/// `POST /auth/change-my-password`.
#[derive(Debug, Clone, Default)]
pub struct ChangePasswordInput {
    pub old_password: Option<String>,
    pub new_password: Option<String>,
    pub retype_password: Option<String>,
}

#[derive(Debug, Clone)]
pub struct ChangePasswordCommand {
    /// Present when the user already has a password (it must then be given and right).
    pub old_password: Option<String>,
    pub new_password: String,
}

impl ChangePasswordCommand {
    /// `has_password`: the user has one already, so the old one is required ('Change Password'
    /// rather than 'Create Password').
    pub fn parse(input: &ChangePasswordInput, has_password: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let old = input.old_password.clone().unwrap_or_default();
        if has_password && old.is_empty() {
            errors.add("oldPassword", "Please input the Old Password");
        }
        let new = input.new_password.clone().unwrap_or_default();
        if new.is_empty() {
            errors.add("newPassword", "Please input the New Password");
        } else {
            check_new_password(&mut errors, "newPassword", &new);
        }
        let retype = input.retype_password.clone().unwrap_or_default();
        if retype.is_empty() {
            errors.add("retypePassword", "Please input the Retype New Password");
        } else if !new.is_empty() && retype != new {
            errors.add("retypePassword", "New Password and Retype should be identical");
        }
        errors.into_result(ChangePasswordCommand { old_password: has_password.then_some(old), new_password: new })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signup() -> SignupInput {
        SignupInput {
            company: Some("Acme Insurance".into()),
            firstname: Some("Ada".into()),
            lastname: Some("Lovelace".into()),
            email: Some(" Ada@Example.com ".into()),
            password: Some("long enough".into()),
            timezone: Some("America/Chicago".into()),
            ..Default::default()
        }
    }

    #[test]
    fn common_passwords_are_refused_with_a_clear_message() {
        for weak in ["password", "12345678", "qwertyuiop", "iloveyou1", "letmein123"] {
            let mut errors = FieldErrors::new();
            check_new_password(&mut errors, "password", weak);
            assert_eq!(errors.messages("password"), [WEAK_PASSWORD_MESSAGE], "{weak}");
        }
        let mut errors = FieldErrors::new();
        check_new_password(&mut errors, "password", "brand-new-secret");
        assert!(errors.is_empty());
    }

    #[test]
    fn a_good_signup_parses_and_normalizes() {
        let command = SignupCommand::parse(&signup()).unwrap();
        assert_eq!(command.email, "ada@example.com");
        assert_eq!(command.time_zone, chrono_tz::America::Chicago);
    }

    #[test]
    fn signup_reports_every_field_with_the_spec_messages() {
        let input = SignupInput { company: Some(" ".into()), ..Default::default() };
        let errors = SignupCommand::parse(&input).unwrap_err();
        assert_eq!(errors.messages("company"), ["Enter Company Name"]);
        assert_eq!(errors.messages("firstname"), ["Enter First Name"]);
        assert_eq!(errors.messages("lastname"), ["Enter Last Name"]);
        assert_eq!(errors.messages("email"), ["Enter a Email"]);
        assert_eq!(errors.messages("password"), ["Enter a Password"]);

        let input = SignupInput {
            company: Some("<script>".into()),
            firstname: Some("R2D2".into()),
            lastname: Some("123".into()),
            email: Some("nope".into()),
            password: Some("short".into()),
            ..Default::default()
        };
        let errors = SignupCommand::parse(&input).unwrap_err();
        assert_eq!(errors.messages("company"), ["Please enter valid Company Name"]);
        assert_eq!(errors.messages("firstname"), ["Please enter valid First Name"]);
        assert_eq!(errors.messages("lastname"), ["Please enter valid Last Name"]);
        assert_eq!(errors.messages("email"), ["Invalid Email Address"]);
        assert_eq!(errors.messages("password"), ["Password minimal length is 8"]);
    }

    #[test]
    fn signup_without_company_or_zone_uses_the_defaults() {
        let input = SignupInput { company: None, timezone: Some("Nowhere/Else".into()), ..signup() };
        let command = SignupCommand::parse(&input).unwrap();
        assert_eq!(command.company_name, "My Company");
        assert_eq!(command.time_zone, DEFAULT_TIME_ZONE);
    }

    #[test]
    fn login_forms() {
        let errors = LoginCommand::parse(&LoginInput::default()).unwrap_err();
        assert_eq!(errors.messages("email"), ["Please input the Email"]);
        assert_eq!(errors.messages("password"), ["Enter valid password"]);
        let errors = LoginCommand::parse(&LoginInput { email: Some("x@".into()), ..Default::default() }).unwrap_err();
        assert_eq!(errors.messages("email"), ["Invalid Email address"]);
        assert!(matches!(
            LoginCommand::parse(&LoginInput { token: Some("t".into()), ..Default::default() }),
            Ok(LoginCommand::LoginCode(_))
        ));
        let encoded = encode_base64_email("Ada@Example.com");
        match LoginCommand::parse(&LoginInput {
            base64_email: Some(encoded),
            security_token: Some("s".into()),
            ..Default::default()
        }) {
            Ok(LoginCommand::SecurityToken { email, .. }) => assert_eq!(email, "ada@example.com"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn reset_and_change_password_messages() {
        assert_eq!(parse_reset_request(&None).unwrap_err().messages("email"), ["Required"]);
        assert_eq!(parse_reset_request(&Some("a".into())).unwrap_err().messages("email"), ["Invalid email address"]);

        let errors =
            ResetNowCommand::parse(&ResetNowInput { token: Some("t".into()), ..Default::default() }).unwrap_err();
        assert_eq!(errors.messages("password"), ["Please input the Password"]);
        assert_eq!(errors.messages("retypePassword"), ["Please input the Retype password"]);
        let errors = ResetNowCommand::parse(&ResetNowInput {
            token: Some("t".into()),
            password: Some("abcdefgh".into()),
            retype_password: Some("abcdefgx".into()),
        })
        .unwrap_err();
        assert_eq!(errors.messages("retypePassword"), ["Password and retype password should be identical"]);

        let errors = ChangePasswordCommand::parse(&ChangePasswordInput::default(), true).unwrap_err();
        assert_eq!(errors.messages("oldPassword"), ["Please input the Old Password"]);
        assert_eq!(errors.messages("newPassword"), ["Please input the New Password"]);
        assert_eq!(errors.messages("retypePassword"), ["Please input the Retype New Password"]);
        let errors = ChangePasswordCommand::parse(&ChangePasswordInput::default(), false).unwrap_err();
        assert!(!errors.has("oldPassword"));
        let errors = ChangePasswordCommand::parse(
            &ChangePasswordInput {
                old_password: Some("x".into()),
                new_password: Some("abcdefgh".into()),
                retype_password: Some("abcdefgi".into()),
            },
            true,
        )
        .unwrap_err();
        assert_eq!(errors.messages("retypePassword"), ["New Password and Retype should be identical"]);
    }
}
