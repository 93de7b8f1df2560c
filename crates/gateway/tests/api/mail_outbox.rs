//! The mail outbox (issue 25, "Mail is sent once, by whichever instance takes it from the
//! outbox"; accounts' `mail::outbox`): two servers' senders on one database and one SMTP server
//! send every queued mail exactly once; a mail server that refuses leaves the mail queued with
//! its attempt counted and a later due time, and it goes out once the server is back; a mail
//! that cannot be delivered is given up and kept with its error; settled mail is pruned.

use crate::helpers::{unique_email, MailSink, TestDatabase};
use accounts::bot::HoneypotCheck;
use accounts::entities::mail_outbox;
use accounts::mail::outbox::{MAX_ATTEMPTS, RETRY_AFTER};
use accounts::mail::{OutgoingMail, SendPass, SmtpMailer};
use accounts::tokens::{random_token, TokenKeys};
use accounts::{Accounts, AccountsConfig};
use chrono::{Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use std::collections::BTreeMap;
use std::sync::Arc;

/// One server's accounts service on `db`, mailing through the SMTP server on `port`.
fn server(db: &DatabaseConnection, port: u16) -> Accounts {
    let mailer =
        SmtpMailer::from_url(&format!("smtp://127.0.0.1:{port}"), "Timekeep <no-reply@timekeep.test>".parse().unwrap())
            .unwrap();
    Accounts::new(
        db.clone(),
        TokenKeys::from_secret(random_token().as_bytes()),
        Arc::new(mailer),
        Arc::new(HoneypotCheck),
        AccountsConfig::default(),
    )
}

async fn database() -> (TestDatabase, DatabaseConnection) {
    let database = TestDatabase::migrated().await;
    let db = gateway::db::connect(&database.url).await.unwrap();
    (database, db)
}

fn mail(to: &str, subject: &str) -> OutgoingMail {
    OutgoingMail {
        company: None,
        to_email: to.to_owned(),
        to_name: "Outbox Test".to_owned(),
        subject: subject.to_owned(),
        text: format!("This is {subject}.\n"),
    }
}

/// How many times each subject arrived.
fn arrivals(sink: &MailSink) -> BTreeMap<String, usize> {
    let mut seen = BTreeMap::new();
    for received in sink.all() {
        let subject =
            received.data.lines().find_map(|line| line.strip_prefix("Subject: ")).expect("a subject").trim().to_owned();
        *seen.entry(subject).or_default() += 1;
    }
    seen
}

async fn rows(db: &DatabaseConnection) -> Vec<mail_outbox::Model> {
    mail_outbox::Entity::find().order_by_asc(mail_outbox::Column::Id).all(db).await.unwrap()
}

/// Every row sent once: marked, with one attempt, no error, and no claim left.
fn all_sent_once(rows: &[mail_outbox::Model]) {
    for row in rows {
        assert!(row.sent_at.is_some(), "{row:?}");
        assert_eq!((row.attempts, row.next_attempt_at, row.claimed_until), (1, None, None), "{row:?}");
        assert!(row.last_error.is_none() && row.claimed_by.is_some(), "{row:?}");
    }
}

#[actix_web::test]
async fn two_servers_send_every_queued_mail_exactly_once() {
    let (_database, db) = database().await;
    let sink = MailSink::start().await;
    let (one, two) = (server(&db, sink.port), server(&db, sink.port));
    let to = unique_email("outbox");

    // Forty mails waiting, and both servers' senders taking them at the same moment: each claim
    // wins its rows for one server only.
    let waiting: Vec<OutgoingMail> = (0..40).map(|n| mail(&to, &format!("Waiting {n}"))).collect();
    one.enqueue_mail_in(&db, &waiting).await.unwrap();
    let (first, second) = (one.outbox().sender(), two.outbox().sender());
    let (a, b) = tokio::join!(first.send_due(), second.send_due());
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.sent + b.sent, 40, "{a:?} {b:?}");
    assert_eq!((a.retrying + b.retrying, a.given_up + b.given_up), (0, 0));
    let seen = arrivals(&sink);
    assert_eq!(seen.len(), 40);
    assert!(seen.values().all(|count| *count == 1), "{seen:?}");
    all_sent_once(&rows(&db).await);

    // The running senders: each wakes for the mail queued on its own server (one by one on
    // one, in a batch on the other, at once) and looks for the other's.
    let (first, second) = (one.outbox().sender().spawn(), two.outbox().sender().spawn());
    let singles = async {
        for n in 0..20 {
            one.notify(mail(&to, &format!("Single {n}"))).await;
        }
    };
    let batch = two.notify_all((0..20).map(|n| mail(&to, &format!("Batch {n}"))).collect());
    tokio::join!(singles, batch);
    for _ in 0..200 {
        let sent =
            mail_outbox::Entity::find().filter(mail_outbox::Column::SentAt.is_not_null()).count(&db).await.unwrap();
        if sent == 80 {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // A while longer, for a second copy that should not come.
    actix_web::rt::time::sleep(std::time::Duration::from_millis(300)).await;
    tokio::join!(first.stop(), second.stop());
    let seen = arrivals(&sink);
    assert_eq!(seen.len(), 80, "{seen:?}");
    assert!(seen.values().all(|count| *count == 1), "{seen:?}");
    assert_eq!(sink.to(&to).len(), 80);
    let rows = rows(&db).await;
    assert_eq!(rows.len(), 80);
    all_sent_once(&rows);
}

#[actix_web::test]
async fn mail_the_server_refuses_waits_and_goes_once_it_is_back() {
    let (_database, db) = database().await;
    // A port nothing listens on (yet): every connection is refused.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let accounts = server(&db, port);
    let to = unique_email("retry");
    let mails: Vec<OutgoingMail> = (0..3).map(|n| mail(&to, &format!("Retry {n}"))).collect();
    accounts.notify_all(mails).await;
    // An address no server takes: given up at the first attempt, as trying again cannot help.
    accounts.notify(mail("not an address", "Malformed")).await;
    let sender = accounts.outbox().sender();

    let before = Utc::now();
    let pass = sender.send_due().await.unwrap();
    assert_eq!(pass, SendPass { sent: 0, retrying: 3, given_up: 1, handed_back: 0 });
    let rows = rows(&db).await;
    let (waiting, malformed) = rows.split_at(3);
    for row in waiting {
        assert_eq!((row.attempts, row.sent_at, row.claimed_until), (1, None, None), "{row:?}");
        let next = row.next_attempt_at.unwrap();
        assert!(next >= before + RETRY_AFTER[0] && next <= Utc::now() + RETRY_AFTER[0], "{row:?}");
        assert!(row.last_error.is_some(), "{row:?}");
    }
    let malformed = &malformed[0];
    assert_eq!((malformed.attempts, malformed.next_attempt_at, malformed.sent_at), (1, None, None));
    assert!(malformed.last_error.as_deref().unwrap().contains("bad recipient"), "{malformed:?}");
    // Nothing is due before its time.
    assert_eq!(sender.send_due().await.unwrap(), SendPass::default());

    // One mail on its last attempt, which fails too: it is given up and keeps its error.
    let last = waiting[0].id;
    mail_outbox::Entity::update_many()
        .col_expr(mail_outbox::Column::Attempts, Expr::value(MAX_ATTEMPTS - 1))
        .col_expr(mail_outbox::Column::NextAttemptAt, Expr::value(Utc::now()))
        .filter(mail_outbox::Column::Id.eq(last))
        .exec(&db)
        .await
        .unwrap();
    assert_eq!(sender.send_due().await.unwrap(), SendPass { given_up: 1, ..SendPass::default() });
    let given_up = mail_outbox::Entity::find_by_id(last).one(&db).await.unwrap().unwrap();
    assert_eq!((given_up.attempts, given_up.next_attempt_at, given_up.sent_at), (MAX_ATTEMPTS, None, None));
    assert!(given_up.last_error.is_some());

    // The mail server is back on its port, and the retry comes due: the two others go, once.
    let sink = MailSink::start_on(port).await;
    mail_outbox::Entity::update_many()
        .col_expr(mail_outbox::Column::NextAttemptAt, Expr::value(Utc::now()))
        .filter(mail_outbox::Column::NextAttemptAt.is_not_null())
        .exec(&db)
        .await
        .unwrap();
    assert_eq!(sender.send_due().await.unwrap(), SendPass { sent: 2, ..SendPass::default() });
    assert_eq!(arrivals(&sink), BTreeMap::from([("Retry 1".to_owned(), 1), ("Retry 2".to_owned(), 1)]));
    for row in &rows_of(&db, &[waiting[1].id, waiting[2].id]).await {
        assert!(row.sent_at.is_some(), "{row:?}");
        assert_eq!((row.attempts, row.next_attempt_at, row.last_error.as_deref()), (2, None, None), "{row:?}");
    }
    assert_eq!(sender.send_due().await.unwrap(), SendPass::default());
    assert_eq!(sink.all().len(), 2);

    // Settled mail (sent or given up) is kept 30 days, then pruned; mail still to send is not.
    accounts.enqueue_mail_in(&db, &[mail(&to, "Still queued")]).await.unwrap();
    assert_eq!(sender.prune(Utc::now()).await.unwrap(), 0);
    mail_outbox::Entity::update_many()
        .col_expr(mail_outbox::Column::CreatedAt, Expr::value(Utc::now() - Duration::days(31)))
        .exec(&db)
        .await
        .unwrap();
    assert_eq!(sender.prune(Utc::now()).await.unwrap(), 4);
    let left = self::rows(&db).await;
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].subject, "Still queued");
}

async fn rows_of(db: &DatabaseConnection, ids: &[i64]) -> Vec<mail_outbox::Model> {
    mail_outbox::Entity::find().filter(mail_outbox::Column::Id.is_in(ids.to_vec())).all(db).await.unwrap()
}
