//! Outgoing e-mail: every crate hands its messages to [`crate::Accounts`], which puts them in the
//! outbox (a table, see [`outbox`]); each server's [`OutboxSender`] takes them from there and
//! sends them through the deployment's [`Mailer`]: an SMTP server when there is one
//! ([`SmtpMailer`]), otherwise a mail folder ([`FolderMailer`], one `.eml` file per message) so
//! a machine with no mail server still works end to end.

pub mod outbox;

pub use outbox::{Outbox, OutboxSender, RunningSender, SendPass};

use async_trait::async_trait;
use kernel::CompanyId;
use lettre::message::header::ContentType;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::path::PathBuf;

/// A plain-text message to one person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    /// The company the message is about, when there is one: closing the company erases its
    /// mail still in the outbox (and its record of mail sent).
    pub company: Option<CompanyId>,
    pub to_email: String,
    pub to_name: String,
    pub subject: String,
    pub text: String,
}

#[derive(Debug, thiserror::Error)]
#[error("mail could not be sent: {message}")]
pub struct MailError {
    message: String,
    /// Trying again cannot help: the message cannot be built (a malformed address), or the
    /// server refused it for good (an SMTP 5xx answer, say no such mailbox).
    permanent: bool,
}

impl MailError {
    /// A failure that may pass (the server unreachable, busy, or a 4xx answer).
    pub fn transient(message: impl Into<String>) -> Self {
        Self { message: message.into(), permanent: false }
    }

    pub fn permanent(message: impl Into<String>) -> Self {
        Self { message: message.into(), permanent: true }
    }

    pub fn is_permanent(&self) -> bool {
        self.permanent
    }
}

/// Delivers one message now (the outbox's sender calls it; nothing else should).
#[async_trait]
pub trait Mailer: Send + Sync {
    async fn send(&self, mail: &OutgoingMail) -> Result<(), MailError>;
}

fn build_message(from: &Mailbox, mail: &OutgoingMail) -> Result<Message, MailError> {
    // Names are checked on input, but a header is no place to trust that: a line break in a
    // display name would end the header.
    let name: String = mail.to_name.chars().filter(|c| !c.is_control()).collect();
    let subject: String = mail.subject.chars().filter(|c| !c.is_control()).collect();
    let address = mail.to_email.parse().map_err(|err| MailError::permanent(format!("bad recipient: {err}")))?;
    Message::builder()
        .from(from.clone())
        .to(Mailbox::new(Some(name), address))
        .subject(subject)
        .header(ContentType::TEXT_PLAIN)
        .body(mail.text.clone())
        .map_err(|err| MailError::permanent(err.to_string()))
}

/// Sends through an SMTP server given as a URL, e.g. `smtp://127.0.0.1:1025` (plain),
/// `smtp://user:pass@mail.example.com:587?tls=required` (STARTTLS) or `smtps://…` (TLS).
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpMailer {
    pub fn from_url(url: &str, from: Mailbox) -> Result<Self, MailError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|err| MailError::permanent(format!("bad SMTP_URL: {err}")))?
            .build();
        Ok(Self { transport, from })
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, mail: &OutgoingMail) -> Result<(), MailError> {
        let message = build_message(&self.from, mail)?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|err| MailError { permanent: err.is_permanent(), message: err.to_string() })
    }
}

/// Writes each message as an `.eml` file into a folder (the embedded default, when no SMTP
/// server is configured).
pub struct FolderMailer {
    dir: PathBuf,
    from: Mailbox,
}

impl FolderMailer {
    pub fn new(dir: PathBuf, from: Mailbox) -> Self {
        Self { dir, from }
    }
}

#[async_trait]
impl Mailer for FolderMailer {
    async fn send(&self, mail: &OutgoingMail) -> Result<(), MailError> {
        let message = build_message(&self.from, mail)?;
        let failed = |err: std::io::Error| MailError::transient(err.to_string());
        tokio::fs::create_dir_all(&self.dir).await.map_err(failed)?;
        // Sortable by time; the random part keeps two messages of one millisecond apart.
        let name = format!(
            "{}-{}.eml",
            chrono::Utc::now().format("%Y%m%dT%H%M%S%.3fZ"),
            crate::tokens::random_token().get(..8).unwrap_or("0")
        );
        let partial = self.dir.join(format!("{name}.part"));
        tokio::fs::write(&partial, message.formatted()).await.map_err(failed)?;
        // Renamed into place so a reader never sees half a message.
        tokio::fs::rename(&partial, self.dir.join(&name)).await.map_err(failed)
    }
}

/// The texts of the mails the accounts service sends.
pub(crate) mod templates {
    use super::OutgoingMail;
    use kernel::CompanyId;

    pub fn verify_email(company: Option<CompanyId>, to_email: &str, to_name: &str, link: &str) -> OutgoingMail {
        OutgoingMail {
            company,
            to_email: to_email.to_owned(),
            to_name: to_name.to_owned(),
            subject: "Activate your Timekeep account".to_owned(),
            text: format!(
                "Hi {to_name},\n\nWelcome to Timekeep! Please confirm your e-mail address to activate \
                 your account:\n\n{link}\n\nThe link works for 7 days. If you did not sign up, you can \
                 ignore this message.\n\nThe Timekeep team\n"
            ),
        }
    }

    pub fn reset_password(company: Option<CompanyId>, to_email: &str, to_name: &str, link: &str) -> OutgoingMail {
        OutgoingMail {
            company,
            to_email: to_email.to_owned(),
            to_name: to_name.to_owned(),
            subject: "Reset your Timekeep password".to_owned(),
            text: format!(
                "Hi {to_name},\n\nSomeone asked to reset the password of your Timekeep account. To \
                 choose a new password, open:\n\n{link}\n\nThe link works for 1 hour and only once. \
                 If you did not ask for this, you can ignore this message; your password stays as \
                 it is.\n\nThe Timekeep team\n"
            ),
        }
    }

    pub fn invitation(
        company: Option<CompanyId>,
        to_email: &str,
        to_name: &str,
        company_name: &str,
        link: &str,
    ) -> OutgoingMail {
        OutgoingMail {
            company,
            to_email: to_email.to_owned(),
            to_name: to_name.to_owned(),
            subject: format!("{company_name} invited you to Timekeep"),
            text: format!(
                "Hi {to_name},\n\n{company_name} uses Timekeep for time clock, time off and HR. Your \
                 account is ready: open the link below to sign in and create your password.\n\n\
                 {link}\n\nThe link works for 7 days and only once; after that, use 'Forgot \
                 password' on the login page.\n\nThe Timekeep team\n"
            ),
        }
    }

    pub fn confirm_email_change(company: Option<CompanyId>, to_email: &str, to_name: &str, link: &str) -> OutgoingMail {
        OutgoingMail {
            company,
            to_email: to_email.to_owned(),
            to_name: to_name.to_owned(),
            subject: "Confirm your new Timekeep sign-in e-mail".to_owned(),
            text: format!(
                "Hi {to_name},\n\nThis address was given as your new Timekeep sign-in e-mail. Open the \
                 link below to confirm it; until then you keep signing in with your old address.\n\n\
                 {link}\n\nThe link works for 7 days and only once. If you did not expect this, \
                 ignore this message.\n\nThe Timekeep team\n"
            ),
        }
    }

    pub fn email_change_requested(
        company: Option<CompanyId>,
        to_email: &str,
        to_name: &str,
        new_email: &str,
    ) -> OutgoingMail {
        OutgoingMail {
            company,
            to_email: to_email.to_owned(),
            to_name: to_name.to_owned(),
            subject: "Your Timekeep sign-in e-mail is about to change".to_owned(),
            text: format!(
                "Hi {to_name},\n\nA change of your Timekeep sign-in e-mail to {new_email} was requested. \
                 It takes effect only when the link we sent to that address is followed. If this \
                 was not you or your company's admin, tell your admin.\n\nThe Timekeep team\n"
            ),
        }
    }

    pub fn email_changed(company: Option<CompanyId>, to_email: &str, to_name: &str, new_email: &str) -> OutgoingMail {
        OutgoingMail {
            company,
            to_email: to_email.to_owned(),
            to_name: to_name.to_owned(),
            subject: "Your Timekeep sign-in e-mail was changed".to_owned(),
            text: format!(
                "Hi {to_name},\n\nYour Timekeep sign-in e-mail is now {new_email}; this address no longer \
                 signs you in, and your open sessions were ended. If this was not you or your \
                 company's admin, tell your admin.\n\nThe Timekeep team\n"
            ),
        }
    }
}
