import type {
  BlogListData,
  BlogPostData,
  ContentPageData,
  DocsIndexData,
  DocsItemData,
  GuidesData,
  HomeData,
  KnownIssuesData,
  RoadmapData,
} from "./page-data.ts";
import type { Locale } from "#shared/i18n/locales.ts";

/**
 * Small, fixed page data for the screens' stories, in each locale (what the build renders from
 * `content/`). Bodies are HTML as the markdown renderer emits it.
 */
type ByLocale<T> = Record<Locale, T>;

const both: Locale[] = ["en", "fr"];

export const homeFixture: ByLocale<HomeData> = {
  en: {
    title: "Lumen: Stremio accounts made simple",
    description: "Ready-to-use Stremio credentials with a 7-day free trial.",
    heroTitle: "Your Stremio account, ready in a minute",
    heroSubtitle: "Sign up, confirm your email and get Stremio credentials that work on every screen.",
    featuresTitle: "Everything you need to start watching",
    features: [
      {
        icon: "key",
        title: "Credentials generated for you",
        text: "A Stremio username and a strong password, one click from the clipboard.",
      },
      {
        icon: "devices",
        title: "One account on every screen",
        text: "The same credentials on the web, your computer, Android and your TV.",
      },
      {
        icon: "refresh",
        title: "Back in control in one click",
        text: "Regenerate your credentials: the old ones stop working at once.",
      },
    ],
    plansTitle: "Simple plans",
    plansSubtitle: "Start free, then keep Lumen for a month or a year.",
    trialPoints: ["Generated Stremio credentials", "No payment details needed"],
    paidPoints: ["Everything in the free trial", "Support answered first"],
    faqTitle: "Frequently asked questions",
    faq: [
      { question: "Is Lumen part of Stremio?", answerHtml: "<p>No. Lumen is an independent service.</p>" },
      {
        question: "My Stremio login fails. What should I do?",
        answerHtml:
          '<p>Copy the full username, including <code>@lumen.stream</code>. See <a href="/fr/docs/troubleshooting">troubleshooting</a>.</p>',
      },
    ],
    ctaTitle: "Ready to start?",
    ctaText: "Create your account in under a minute and try Lumen free for 7 days.",
    html: "<p>Lumen provides accounts and support, never films or series.</p>",
    contentLocale: "en",
    available: both,
  },
  fr: {
    title: "Lumen : des comptes Stremio en toute simplicité",
    description: "Des identifiants Stremio prêts à l’emploi, avec 7 jours d’essai gratuit.",
    heroTitle: "Votre compte Stremio, prêt en une minute",
    heroSubtitle:
      "Inscrivez-vous, confirmez votre e-mail et recevez des identifiants Stremio pour tous vos écrans.",
    featuresTitle: "Tout ce qu’il faut pour commencer à regarder",
    features: [
      {
        icon: "key",
        title: "Des identifiants générés pour vous",
        text: "Un nom d’utilisateur Stremio et un mot de passe robuste, à un clic du presse-papiers.",
      },
      {
        icon: "devices",
        title: "Un seul compte sur tous vos écrans",
        text: "Les mêmes identifiants sur le Web, l’ordinateur, Android et la télévision.",
      },
      {
        icon: "refresh",
        title: "Tout reprendre en main en un clic",
        text: "Régénérez vos identifiants : les anciens cessent aussitôt de fonctionner.",
      },
    ],
    plansTitle: "Des formules simples",
    plansSubtitle: "Commencez gratuitement, puis gardez Lumen au mois ou à l’année.",
    trialPoints: ["Identifiants Stremio générés", "Aucun moyen de paiement demandé"],
    paidPoints: ["Tout ce que comprend l’essai gratuit", "Aide en priorité"],
    faqTitle: "Questions fréquentes",
    faq: [
      {
        question: "Lumen fait-il partie de Stremio ?",
        answerHtml: "<p>Non. Lumen est un service indépendant.</p>",
      },
      {
        question: "Ma connexion à Stremio échoue. Que faire ?",
        answerHtml:
          '<p>Copiez le nom d’utilisateur en entier, <code>@lumen.stream</code> compris. Voir le <a href="/fr/fr/docs/troubleshooting">dépannage</a>.</p>',
      },
    ],
    ctaTitle: "Prêt à commencer ?",
    ctaText: "Créez votre compte en moins d’une minute et essayez Lumen gratuitement pendant 7 jours.",
    html: "<p>Lumen fournit des comptes et de l’aide, jamais de films ni de séries.</p>",
    contentLocale: "fr",
    available: both,
  },
};

export const termsFixture: ByLocale<ContentPageData> = {
  en: {
    title: "Terms of use",
    description: "The terms that apply when you create and use a Lumen account.",
    html: '<p>Last updated: 1 June 2026.</p><h2 id="1-the-service">1. The service</h2><p>Lumen provides a Lumen account and credentials for the Stremio app.</p><ul><li>a free trial or a paid plan;</li><li>documentation and support.</li></ul>',
    headings: [{ depth: 2, id: "1-the-service", text: "1. The service" }],
    contentLocale: "en",
    available: both,
  },
  fr: {
    title: "Conditions générales d’utilisation",
    description: "Les conditions qui s’appliquent lorsque vous créez et utilisez un compte Lumen.",
    html: '<p>Dernière mise à jour : 1er juin 2026.</p><h2 id="1-le-service">1. Le service</h2><p>Lumen fournit un compte Lumen et des identifiants pour l’application Stremio.</p><ul><li>un essai gratuit ou une formule payante ;</li><li>une documentation et une assistance.</li></ul>',
    headings: [{ depth: 2, id: "1-le-service", text: "1. Le service" }],
    contentLocale: "fr",
    available: both,
  },
};

export const moreFixture: ContentPageData = {
  title: "Plus",
  description: "Ce que Lumen propose en plus, en français seulement.",
  html: "<p>Cette page n’existe qu’en français.</p>",
  headings: [],
  contentLocale: "fr",
  available: ["fr"],
};

export const discordFixture: ByLocale<ContentPageData> = {
  en: {
    ...termsFixture.en,
    title: "Join the Lumen community on Discord",
    description: "Ask questions, get help and follow the news with the team and other members.",
    html: '<h2 id="what-happens-there">What happens there</h2><p>Help in English and French, announcements and a channel per device.</p>',
    headings: [],
  },
  fr: {
    ...termsFixture.fr,
    title: "Rejoignez la communauté Lumen sur Discord",
    description: "Posez vos questions, obtenez de l’aide et suivez les nouveautés avec l’équipe.",
    html: '<h2 id="ce-qui-s-y-passe">Ce qui s’y passe</h2><p>De l’aide en français et en anglais, des annonces et un salon par appareil.</p>',
    headings: [],
  },
};

export const testPageFixture: ByLocale<ContentPageData> = {
  en: {
    ...termsFixture.en,
    title: "Test page",
    description: "An internal page used by the team.",
    html: "<p>This is an internal test page.</p>",
  },
  fr: {
    ...termsFixture.fr,
    title: "Page de test",
    description: "Une page interne utilisée par l’équipe.",
    html: "<p>Ceci est une page de test interne.</p>",
  },
};

export const guidesFixture: ByLocale<GuidesData> = {
  en: {
    title: "Guides: sign in to Stremio with Lumen",
    description: "Step-by-step guides for the web, desktop, Android and TV.",
    html: "<p>Your Lumen account comes with Stremio credentials. Pick your device.</p>",
    platforms: [
      {
        slug: "web",
        platform: "web",
        title: "Sign in on the web",
        description: "In any modern browser.",
        html: '<h3 id="web-steps">Steps</h3><ol><li>Open web.stremio.com.</li><li>Paste your username and password.</li></ol>',
        contentLocale: "en",
      },
      {
        slug: "tv",
        platform: "tv",
        title: "Sign in on your TV",
        description: "Android TV and Google TV.",
        html: '<h3 id="tv-steps">Steps</h3><ol><li>Install Stremio from the Play Store.</li><li>Choose “Log in with email”.</li></ol>',
        contentLocale: "en",
      },
    ],
    contentLocale: "en",
    available: both,
  },
  fr: {
    title: "Guides : se connecter à Stremio avec Lumen",
    description: "Des guides pas à pas pour le Web, l’ordinateur, Android et la télévision.",
    html: "<p>Votre compte Lumen comprend des identifiants Stremio. Choisissez votre appareil.</p>",
    platforms: [
      {
        slug: "web",
        platform: "web",
        title: "Se connecter sur le Web",
        description: "Dans tout navigateur récent.",
        html: '<h3 id="web-etapes">Étapes</h3><ol><li>Ouvrez web.stremio.com.</li><li>Collez votre nom d’utilisateur et votre mot de passe.</li></ol>',
        contentLocale: "fr",
      },
      {
        slug: "tv",
        platform: "tv",
        title: "Se connecter sur votre télévision",
        description: "Android TV et Google TV.",
        html: '<h3 id="tv-etapes">Étapes</h3><ol><li>Installez Stremio depuis le Play Store.</li><li>Choisissez « Se connecter avec un e-mail ».</li></ol>',
        contentLocale: "fr",
      },
    ],
    contentLocale: "fr",
    available: both,
  },
};

export const roadmapFixture: RoadmapData = {
  milestones: [
    {
      id: "launch",
      title: { en: "Launch", fr: "Lancement" },
      description: { en: "Accounts, trial and credentials.", fr: "Comptes, essai et identifiants." },
      status: "done",
      target: "2026-06",
      progress: 100,
      items: [{ en: "Sign-up and email verification", fr: "Inscription et vérification de l’e-mail" }],
    },
    {
      id: "online-payments",
      title: { en: "Online payments", fr: "Paiement en ligne" },
      description: { en: "Pay by card from your account.", fr: "Payer par carte depuis votre compte." },
      status: "in-progress",
      target: "2026-12",
      progress: 65,
      items: [
        { en: "Card payments", fr: "Paiement par carte" },
        { en: "Invoices", fr: "Factures" },
      ],
    },
    {
      id: "referrals",
      title: { en: "Referral programme", fr: "Programme de parrainage" },
      description: { en: "Invite friends with your code.", fr: "Invitez vos proches avec votre code." },
      status: "planned",
      target: "2027-04",
      progress: 0,
      items: [],
    },
  ],
};

export const knownIssuesFixture: KnownIssuesData = {
  issues: [
    {
      id: "tv-remote",
      title: { en: "TV remote skips a field", fr: "La télécommande saute un champ" },
      description: {
        en: "On some TVs the remote skips the password field.",
        fr: "Sur certaines télévisions, la télécommande saute le champ du mot de passe.",
      },
      status: "open",
      platforms: ["tv"],
      opened: "2026-07-04",
      resolved: null,
      workaround: {
        en: "Use the on-screen keyboard’s Next key.",
        fr: "Utilisez la touche Suivant du clavier à l’écran.",
      },
    },
    {
      id: "android-sync",
      title: { en: "Slow sync on Android", fr: "Synchronisation lente sur Android" },
      description: {
        en: "The library takes minutes to appear.",
        fr: "La bibliothèque met plusieurs minutes à apparaître.",
      },
      status: "investigating",
      platforms: ["android", "tv"],
      opened: "2026-09-14",
      resolved: null,
      workaround: null,
    },
    {
      id: "web-copy",
      title: { en: "Copy button on Safari", fr: "Bouton Copier sous Safari" },
      description: {
        en: "The copy button did nothing on Safari 17.",
        fr: "Le bouton Copier ne faisait rien sous Safari 17.",
      },
      status: "resolved",
      platforms: ["web"],
      opened: "2026-06-16",
      resolved: "2026-07-08",
      workaround: null,
    },
  ],
  today: "2026-09-16",
};

const summaries = {
  launch: {
    en: {
      slug: "2026/launch-week",
      title: "Launch week recap",
      description: "Our first week in numbers and lessons.",
      date: "2026-06-23",
      author: "Camille",
      tags: ["launch"],
      contentLocale: "en" as const,
    },
    fr: {
      slug: "2026/launch-week",
      title: "Bilan de la semaine de lancement",
      description: "Notre première semaine en chiffres et en leçons.",
      date: "2026-06-23",
      author: "Camille",
      tags: ["lancement"],
      contentLocale: "fr" as const,
    },
  },
  intro: {
    en: {
      slug: "introducing-lumen",
      title: "Introducing Lumen",
      description: "Why we built Lumen and what it does.",
      date: "2026-06-16",
      author: "The Lumen team",
      tags: ["news"],
      contentLocale: "en" as const,
    },
    fr: {
      slug: "introducing-lumen",
      title: "Voici Lumen",
      description: "Pourquoi nous avons créé Lumen et ce qu’il fait.",
      date: "2026-06-16",
      author: "L’équipe Lumen",
      tags: ["annonce"],
      contentLocale: "fr" as const,
    },
  },
};

export const blogListFixture: ByLocale<BlogListData> = {
  en: { posts: [summaries.launch.en, summaries.intro.en] },
  fr: { posts: [summaries.launch.fr, summaries.intro.en] },
};

export const blogPostFixture: ByLocale<BlogPostData> = {
  en: {
    ...summaries.launch.en,
    html: '<p>A week ago we opened Lumen.</p><h2 id="the-good">The good</h2><p>People signed up and were watching minutes later.</p>',
    headings: [{ depth: 2, id: "the-good", text: "The good" }],
    available: both,
  },
  fr: {
    ...summaries.launch.fr,
    html: '<p>Il y a une semaine, nous ouvrions Lumen.</p><h2 id="le-bon">Le bon</h2><p>Vous vous êtes inscrits et regardiez quelques minutes plus tard.</p>',
    headings: [{ depth: 2, id: "le-bon", text: "Le bon" }],
    available: both,
  },
};

const docsNav = {
  en: [
    { slug: "getting-started", title: "Getting started" },
    { slug: "account", title: "Your account" },
    { slug: "troubleshooting", title: "Troubleshooting" },
  ],
  fr: [
    { slug: "getting-started", title: "Premiers pas" },
    { slug: "account", title: "Votre compte" },
    { slug: "troubleshooting", title: "Dépannage" },
  ],
};

export const docsIndexFixture: ByLocale<DocsIndexData> = {
  en: {
    ...termsFixture.en,
    title: "Lumen documentation",
    description: "Everything about your Lumen account.",
    html: '<h2 id="start-here">Start here</h2><p><a href="/fr/docs/getting-started">Getting started</a>: your first sign-in.</p>',
    headings: [{ depth: 2, id: "start-here", text: "Start here" }],
    nav: docsNav.en,
  },
  fr: {
    ...termsFixture.fr,
    title: "Documentation Lumen",
    description: "Tout sur votre compte Lumen.",
    html: '<h2 id="commencer-ici">Commencer ici</h2><p><a href="/fr/fr/docs/getting-started">Premiers pas</a> : votre première connexion.</p>',
    headings: [{ depth: 2, id: "commencer-ici", text: "Commencer ici" }],
    nav: docsNav.fr,
  },
};

export const docsItemFixture: ByLocale<DocsItemData> = {
  en: {
    ...termsFixture.en,
    slug: "account",
    title: "Your account",
    description: "Sign up, verify your email and edit your profile.",
    html: '<h2 id="sign-up">Sign-up</h2><p>Sign up with your name and email.</p><h3 id="one-account-per-address">One account per address</h3><p>Each email has one account.</p><h2 id="profile">Profile</h2><p>Change your name at any time.</p>',
    headings: [
      { depth: 2, id: "sign-up", text: "Sign-up" },
      { depth: 3, id: "one-account-per-address", text: "One account per address" },
      { depth: 2, id: "profile", text: "Profile" },
    ],
    nav: docsNav.en,
  },
  fr: {
    ...termsFixture.fr,
    slug: "account",
    title: "Votre compte",
    description: "Inscrivez-vous, vérifiez votre e-mail et modifiez votre profil.",
    html: '<h2 id="inscription">Inscription</h2><p>Inscrivez-vous avec votre nom et votre e-mail.</p><h3 id="un-compte-par-adresse">Un compte par adresse</h3><p>Chaque e-mail a un compte.</p><h2 id="profil">Profil</h2><p>Changez votre nom à tout moment.</p>',
    headings: [
      { depth: 2, id: "inscription", text: "Inscription" },
      { depth: 3, id: "un-compte-par-adresse", text: "Un compte par adresse" },
      { depth: 2, id: "profil", text: "Profil" },
    ],
    nav: docsNav.fr,
  },
};

/** The fixture of a story's locale (`globals.locale`). */
export function inLocale<T>(fixture: ByLocale<T>, globals: Record<string, unknown>): T {
  return globals.locale === "fr" ? fixture.fr : fixture.en;
}
