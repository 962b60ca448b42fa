/**
 * E-mails of the auth domain in the nine interface languages (subject, text and HTML body).
 * The language is the request's `X-Lang`. Links point at the site (the shell), never the API.
 */
import type { LocaleCode } from '@landing/domain';
import type { MailKind } from '@landing/domain/schemas/mailbox';

/** Every mail kind (dev mailbox filter, tests), from the domain package. */
export { MAIL_KINDS, type MailKind } from '@landing/domain/schemas/mailbox';

interface MailText {
  subject: string;
  /** Paragraphs before the button / code. */
  intro: string;
  /** Button label (mails with a link). */
  action?: string;
  /** Paragraph after the button / code. */
  outro: string;
}

type Catalogue = {
  greeting: string;
  linkHint: string;
  signature: string;
  kinds: Record<MailKind, MailText>;
};

const en: Catalogue = {
  greeting: 'Hi {{nickname}},',
  linkHint: 'If the button does not work, copy this link into your browser:',
  signature: 'See you on the pitch — the Football Manager team',
  kinds: {
    activation: {
      subject: 'Activate your Football Manager account',
      intro: 'Welcome to Football Manager on the {{serverName}} server! Confirm your e-mail address to activate your account.',
      action: 'Activate account',
      outro: 'The link is valid for 48 hours. If you did not create this account, ignore this e-mail.',
    },
    registerExisting: {
      subject: 'Someone tried to register with your e-mail',
      intro: 'Someone (maybe you) tried to create a new account on the {{serverName}} server with this e-mail address. You already have an account there, so no new one was created.',
      action: 'Go to the login',
      outro: 'Forgot your password? Use "Forgot password" in the login form. If it was not you, ignore this e-mail.',
    },
    passwordReset: {
      subject: 'Set a new password',
      intro: 'We received a request to set a new password for your account on the {{serverName}} server.',
      action: 'Set a new password',
      outro: 'The link is valid for 1 hour and works once. If you did not ask for it, ignore this e-mail: your password stays the same.',
    },
    deviceCode: {
      subject: 'Your verification code: {{code}}',
      intro: 'Someone is logging in to your account on the {{serverName}} server from a new device. Enter this code to confirm it is you:',
      outro: 'The code is valid for 10 minutes and works once. If it was not you, change your password now.',
    },
    emailChange: {
      subject: 'Confirm your new e-mail address',
      intro: 'Confirm that {{email}} is the new e-mail address of your account on the {{serverName}} server.',
      action: 'Confirm e-mail',
      outro: 'The link is valid for 24 hours. If you did not ask for this change, ignore this e-mail.',
    },
    emailChangeCode: {
      subject: 'Your code to change the e-mail: {{code}}',
      intro: 'Someone (hopefully you) asked to change the e-mail address of your account on the {{serverName}} server to {{email}}. Enter this code to confirm that you control this address:',
      outro: 'The code is valid for 10 minutes and works once. If it was not you, ignore this e-mail: your address stays the same, and change your password.',
    },
    emailChanged: {
      subject: 'Your e-mail address was changed',
      intro: 'The e-mail address of your account on the {{serverName}} server has been changed to {{email}}. For your security, you have been logged out on your other devices.',
      outro: "If you did not make this change, contact us at once through the contact form on the site: your account may be in someone else's hands.",
    },
  },
};

const ru: Catalogue = {
  greeting: 'Привет, {{nickname}}!',
  linkHint: 'Если кнопка не работает, скопируйте эту ссылку в браузер:',
  signature: 'До встречи на поле — команда Football Manager',
  kinds: {
    activation: {
      subject: 'Активируйте аккаунт Football Manager',
      intro: 'Добро пожаловать в Football Manager на сервере {{serverName}}! Подтвердите адрес e-mail, чтобы активировать аккаунт.',
      action: 'Активировать аккаунт',
      outro: 'Ссылка действует 48 часов. Если вы не создавали этот аккаунт, просто проигнорируйте письмо.',
    },
    registerExisting: {
      subject: 'Кто-то пытался зарегистрироваться с вашим e-mail',
      intro: 'Кто-то (возможно, вы) пытался создать новый аккаунт на сервере {{serverName}} с этим адресом e-mail. У вас там уже есть аккаунт, поэтому новый не создан.',
      action: 'Перейти ко входу',
      outro: 'Забыли пароль? Нажмите «Забыли пароль?» в форме входа. Если это были не вы, проигнорируйте письмо.',
    },
    passwordReset: {
      subject: 'Установите новый пароль',
      intro: 'Мы получили запрос на установку нового пароля для вашего аккаунта на сервере {{serverName}}.',
      action: 'Установить новый пароль',
      outro: 'Ссылка действует 1 час и срабатывает один раз. Если вы ничего не запрашивали, проигнорируйте письмо: пароль останется прежним.',
    },
    deviceCode: {
      subject: 'Ваш код подтверждения: {{code}}',
      intro: 'Кто-то входит в ваш аккаунт на сервере {{serverName}} с нового устройства. Введите этот код, чтобы подтвердить, что это вы:',
      outro: 'Код действует 10 минут и срабатывает один раз. Если это были не вы, срочно смените пароль.',
    },
    emailChange: {
      subject: 'Подтвердите новый адрес e-mail',
      intro: 'Подтвердите, что {{email}} — новый адрес e-mail вашего аккаунта на сервере {{serverName}}.',
      action: 'Подтвердить e-mail',
      outro: 'Ссылка действует 24 часа. Если вы не запрашивали изменение, проигнорируйте письмо.',
    },
    emailChangeCode: {
      subject: 'Код для смены e-mail: {{code}}',
      intro: 'Кто-то (надеемся, вы) запросил смену адреса e-mail вашего аккаунта на сервере {{serverName}} на {{email}}. Введите этот код, чтобы подтвердить, что этот адрес ваш:',
      outro: 'Код действует 10 минут и только один раз. Если это были не вы, проигнорируйте письмо: адрес останется прежним — и смените пароль.',
    },
    emailChanged: {
      subject: 'Ваш адрес e-mail изменён',
      intro: 'Адрес e-mail вашего аккаунта на сервере {{serverName}} изменён на {{email}}. В целях безопасности вы вышли из аккаунта на остальных устройствах.',
      outro: 'Если это были не вы, немедленно напишите нам через форму обратной связи на сайте: ваш аккаунт может быть в чужих руках.',
    },
  },
};

const pl: Catalogue = {
  greeting: 'Cześć {{nickname}},',
  linkHint: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
  signature: 'Do zobaczenia na boisku — zespół Football Manager',
  kinds: {
    activation: {
      subject: 'Aktywuj konto Football Manager',
      intro: 'Witaj w Football Manager na serwerze {{serverName}}! Potwierdź adres e-mail, aby aktywować konto.',
      action: 'Aktywuj konto',
      outro: 'Link jest ważny 48 godzin. Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.',
    },
    registerExisting: {
      subject: 'Ktoś próbował zarejestrować się Twoim e-mailem',
      intro: 'Ktoś (może Ty) próbował założyć nowe konto na serwerze {{serverName}} z tym adresem e-mail. Masz tam już konto, więc nowe nie zostało utworzone.',
      action: 'Przejdź do logowania',
      outro: 'Nie pamiętasz hasła? Użyj opcji „Nie pamiętasz hasła?” w formularzu logowania. Jeśli to nie Ty, zignoruj tę wiadomość.',
    },
    passwordReset: {
      subject: 'Ustaw nowe hasło',
      intro: 'Otrzymaliśmy prośbę o ustawienie nowego hasła do Twojego konta na serwerze {{serverName}}.',
      action: 'Ustaw nowe hasło',
      outro: 'Link jest ważny 1 godzinę i działa raz. Jeśli to nie Ty, zignoruj tę wiadomość: hasło pozostanie bez zmian.',
    },
    deviceCode: {
      subject: 'Twój kod weryfikacyjny: {{code}}',
      intro: 'Ktoś loguje się na Twoje konto na serwerze {{serverName}} z nowego urządzenia. Wpisz ten kod, aby potwierdzić, że to Ty:',
      outro: 'Kod jest ważny 10 minut i działa raz. Jeśli to nie Ty, natychmiast zmień hasło.',
    },
    emailChange: {
      subject: 'Potwierdź nowy adres e-mail',
      intro: 'Potwierdź, że {{email}} to nowy adres e-mail Twojego konta na serwerze {{serverName}}.',
      action: 'Potwierdź e-mail',
      outro: 'Link jest ważny 24 godziny. Jeśli nie prosiłeś o zmianę, zignoruj tę wiadomość.',
    },
    emailChangeCode: {
      subject: 'Twój kod do zmiany e-maila: {{code}}',
      intro: 'Ktoś (mamy nadzieję, że Ty) poprosił o zmianę adresu e-mail Twojego konta na serwerze {{serverName}} na {{email}}. Wpisz ten kod, aby potwierdzić, że ten adres należy do Ciebie:',
      outro: 'Kod jest ważny 10 minut i działa raz. Jeśli to nie Ty, zignoruj tę wiadomość: adres się nie zmieni — i zmień hasło.',
    },
    emailChanged: {
      subject: 'Twój adres e-mail został zmieniony',
      intro: 'Adres e-mail Twojego konta na serwerze {{serverName}} został zmieniony na {{email}}. Dla bezpieczeństwa wylogowaliśmy Cię na pozostałych urządzeniach.',
      outro: 'Jeśli to nie Ty, natychmiast napisz do nas przez formularz kontaktowy na stronie: Twoje konto może być w cudzych rękach.',
    },
  },
};

const br: Catalogue = {
  greeting: 'Olá, {{nickname}},',
  linkHint: 'Se o botão não funcionar, copie este link no navegador:',
  signature: 'Nos vemos em campo — equipe Football Manager',
  kinds: {
    activation: {
      subject: 'Ative sua conta do Football Manager',
      intro: 'Bem-vindo ao Football Manager no servidor {{serverName}}! Confirme seu e-mail para ativar a conta.',
      action: 'Ativar conta',
      outro: 'O link vale por 48 horas. Se você não criou esta conta, ignore este e-mail.',
    },
    registerExisting: {
      subject: 'Alguém tentou se cadastrar com o seu e-mail',
      intro: 'Alguém (talvez você) tentou criar uma nova conta no servidor {{serverName}} com este e-mail. Você já tem uma conta lá, então nenhuma nova foi criada.',
      action: 'Ir para o login',
      outro: 'Esqueceu a senha? Use "Esqueceu a senha?" no formulário de login. Se não foi você, ignore este e-mail.',
    },
    passwordReset: {
      subject: 'Defina uma nova senha',
      intro: 'Recebemos um pedido para definir uma nova senha para a sua conta no servidor {{serverName}}.',
      action: 'Definir nova senha',
      outro: 'O link vale por 1 hora e funciona uma vez. Se você não pediu, ignore este e-mail: sua senha continua a mesma.',
    },
    deviceCode: {
      subject: 'Seu código de verificação: {{code}}',
      intro: 'Alguém está entrando na sua conta no servidor {{serverName}} por um novo dispositivo. Digite este código para confirmar que é você:',
      outro: 'O código vale por 10 minutos e funciona uma vez. Se não foi você, troque sua senha agora.',
    },
    emailChange: {
      subject: 'Confirme seu novo e-mail',
      intro: 'Confirme que {{email}} é o novo e-mail da sua conta no servidor {{serverName}}.',
      action: 'Confirmar e-mail',
      outro: 'O link vale por 24 horas. Se você não pediu essa alteração, ignore este e-mail.',
    },
    emailChangeCode: {
      subject: 'Seu código para alterar o e-mail: {{code}}',
      intro: 'Alguém (esperamos que você) pediu para alterar o endereço de e-mail da sua conta no servidor {{serverName}} para {{email}}. Digite este código para confirmar que este endereço é seu:',
      outro: 'O código vale por 10 minutos e funciona uma vez. Se não foi você, ignore este e-mail: seu endereço continua o mesmo — e troque sua senha.',
    },
    emailChanged: {
      subject: 'Seu endereço de e-mail foi alterado',
      intro: 'O endereço de e-mail da sua conta no servidor {{serverName}} foi alterado para {{email}}. Por segurança, você foi desconectado dos seus outros dispositivos.',
      outro: 'Se não foi você, fale conosco imediatamente pelo formulário de contato do site: sua conta pode estar nas mãos de outra pessoa.',
    },
  },
};

const es: Catalogue = {
  greeting: 'Hola, {{nickname}}:',
  linkHint: 'Si el botón no funciona, copia este enlace en tu navegador:',
  signature: 'Nos vemos en el campo — el equipo de Football Manager',
  kinds: {
    activation: {
      subject: 'Activa tu cuenta de Football Manager',
      intro: '¡Bienvenido a Football Manager en el servidor {{serverName}}! Confirma tu correo para activar la cuenta.',
      action: 'Activar cuenta',
      outro: 'El enlace es válido durante 48 horas. Si no has creado esta cuenta, ignora este correo.',
    },
    registerExisting: {
      subject: 'Alguien ha intentado registrarse con tu correo',
      intro: 'Alguien (quizá tú) ha intentado crear una cuenta nueva en el servidor {{serverName}} con esta dirección. Ya tienes una cuenta allí, así que no se ha creado ninguna nueva.',
      action: 'Ir al inicio de sesión',
      outro: '¿Olvidaste la contraseña? Usa «¿Olvidaste la contraseña?» en el formulario de inicio de sesión. Si no has sido tú, ignora este correo.',
    },
    passwordReset: {
      subject: 'Crea una nueva contraseña',
      intro: 'Hemos recibido una solicitud para crear una nueva contraseña para tu cuenta en el servidor {{serverName}}.',
      action: 'Crear nueva contraseña',
      outro: 'El enlace es válido durante 1 hora y funciona una sola vez. Si no lo has pedido, ignora este correo: tu contraseña no cambia.',
    },
    deviceCode: {
      subject: 'Tu código de verificación: {{code}}',
      intro: 'Alguien está iniciando sesión en tu cuenta del servidor {{serverName}} desde un dispositivo nuevo. Introduce este código para confirmar que eres tú:',
      outro: 'El código es válido durante 10 minutos y funciona una sola vez. Si no has sido tú, cambia tu contraseña ahora.',
    },
    emailChange: {
      subject: 'Confirma tu nueva dirección de correo',
      intro: 'Confirma que {{email}} es la nueva dirección de correo de tu cuenta en el servidor {{serverName}}.',
      action: 'Confirmar correo',
      outro: 'El enlace es válido durante 24 horas. Si no has pedido este cambio, ignora este correo.',
    },
    emailChangeCode: {
      subject: 'Tu código para cambiar el e-mail: {{code}}',
      intro: 'Alguien (esperamos que tú) ha pedido cambiar la dirección de e-mail de tu cuenta en el servidor {{serverName}} a {{email}}. Introduce este código para confirmar que esta dirección es tuya:',
      outro: 'El código es válido durante 10 minutos y funciona una vez. Si no fuiste tú, ignora este correo: tu dirección no cambia — y cambia tu contraseña.',
    },
    emailChanged: {
      subject: 'Tu dirección de e-mail ha cambiado',
      intro: 'La dirección de e-mail de tu cuenta en el servidor {{serverName}} se ha cambiado a {{email}}. Por seguridad, hemos cerrado tu sesión en tus otros dispositivos.',
      outro: 'Si no hiciste este cambio, escríbenos de inmediato desde el formulario de contacto del sitio: tu cuenta podría estar en manos de otra persona.',
    },
  },
};

const it: Catalogue = {
  greeting: 'Ciao {{nickname}},',
  linkHint: 'Se il pulsante non funziona, copia questo link nel browser:',
  signature: 'Ci vediamo in campo — il team di Football Manager',
  kinds: {
    activation: {
      subject: 'Attiva il tuo account Football Manager',
      intro: 'Benvenuto in Football Manager sul server {{serverName}}! Conferma il tuo indirizzo e-mail per attivare l’account.',
      action: 'Attiva account',
      outro: 'Il link è valido per 48 ore. Se non hai creato tu questo account, ignora questa e-mail.',
    },
    registerExisting: {
      subject: 'Qualcuno ha provato a registrarsi con la tua e-mail',
      intro: 'Qualcuno (forse tu) ha provato a creare un nuovo account sul server {{serverName}} con questo indirizzo. Hai già un account lì, quindi non ne è stato creato uno nuovo.',
      action: 'Vai all’accesso',
      outro: 'Hai dimenticato la password? Usa «Password dimenticata?» nel modulo di accesso. Se non sei stato tu, ignora questa e-mail.',
    },
    passwordReset: {
      subject: 'Imposta una nuova password',
      intro: 'Abbiamo ricevuto una richiesta di impostare una nuova password per il tuo account sul server {{serverName}}.',
      action: 'Imposta nuova password',
      outro: 'Il link è valido per 1 ora e funziona una sola volta. Se non l’hai chiesto tu, ignora questa e-mail: la password resta la stessa.',
    },
    deviceCode: {
      subject: 'Il tuo codice di verifica: {{code}}',
      intro: 'Qualcuno sta accedendo al tuo account sul server {{serverName}} da un nuovo dispositivo. Inserisci questo codice per confermare che sei tu:',
      outro: 'Il codice è valido per 10 minuti e funziona una sola volta. Se non sei stato tu, cambia subito la password.',
    },
    emailChange: {
      subject: 'Conferma il tuo nuovo indirizzo e-mail',
      intro: 'Conferma che {{email}} è il nuovo indirizzo e-mail del tuo account sul server {{serverName}}.',
      action: 'Conferma e-mail',
      outro: 'Il link è valido per 24 ore. Se non hai chiesto questa modifica, ignora questa e-mail.',
    },
    emailChangeCode: {
      subject: "Il tuo codice per cambiare l'e-mail: {{code}}",
      intro: "Qualcuno (speriamo tu) ha chiesto di cambiare l'indirizzo e-mail del tuo account sul server {{serverName}} in {{email}}. Inserisci questo codice per confermare che questo indirizzo è tuo:",
      outro: 'Il codice è valido per 10 minuti e funziona una sola volta. Se non sei stato tu, ignora questa e-mail: il tuo indirizzo resta lo stesso — e cambia la password.',
    },
    emailChanged: {
      subject: 'Il tuo indirizzo e-mail è stato cambiato',
      intro: "L'indirizzo e-mail del tuo account sul server {{serverName}} è stato cambiato in {{email}}. Per sicurezza, sei stato disconnesso dagli altri dispositivi.",
      outro: 'Se non hai fatto tu questa modifica, scrivici subito tramite il modulo di contatto del sito: il tuo account potrebbe essere nelle mani di qualcun altro.',
    },
  },
};

const de: Catalogue = {
  greeting: 'Hallo {{nickname}},',
  linkHint: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
  signature: 'Wir sehen uns auf dem Platz — dein Football-Manager-Team',
  kinds: {
    activation: {
      subject: 'Aktiviere dein Football-Manager-Konto',
      intro: 'Willkommen bei Football Manager auf dem Server {{serverName}}! Bestätige deine E-Mail-Adresse, um dein Konto zu aktivieren.',
      action: 'Konto aktivieren',
      outro: 'Der Link ist 48 Stunden gültig. Falls du dieses Konto nicht angelegt hast, ignoriere diese E-Mail.',
    },
    registerExisting: {
      subject: 'Jemand wollte sich mit deiner E-Mail registrieren',
      intro: 'Jemand (vielleicht du) wollte auf dem Server {{serverName}} ein neues Konto mit dieser E-Mail-Adresse anlegen. Du hast dort bereits ein Konto, daher wurde kein neues erstellt.',
      action: 'Zur Anmeldung',
      outro: 'Passwort vergessen? Nutze „Passwort vergessen?“ im Anmeldeformular. Falls du das nicht warst, ignoriere diese E-Mail.',
    },
    passwordReset: {
      subject: 'Lege ein neues Passwort fest',
      intro: 'Wir haben eine Anfrage erhalten, ein neues Passwort für dein Konto auf dem Server {{serverName}} festzulegen.',
      action: 'Neues Passwort festlegen',
      outro: 'Der Link ist 1 Stunde gültig und funktioniert einmal. Falls du das nicht angefordert hast, ignoriere diese E-Mail: dein Passwort bleibt unverändert.',
    },
    deviceCode: {
      subject: 'Dein Bestätigungscode: {{code}}',
      intro: 'Jemand meldet sich von einem neuen Gerät bei deinem Konto auf dem Server {{serverName}} an. Gib diesen Code ein, um zu bestätigen, dass du es bist:',
      outro: 'Der Code ist 10 Minuten gültig und funktioniert einmal. Falls du das nicht warst, ändere sofort dein Passwort.',
    },
    emailChange: {
      subject: 'Bestätige deine neue E-Mail-Adresse',
      intro: 'Bestätige, dass {{email}} die neue E-Mail-Adresse deines Kontos auf dem Server {{serverName}} ist.',
      action: 'E-Mail bestätigen',
      outro: 'Der Link ist 24 Stunden gültig. Falls du diese Änderung nicht angefordert hast, ignoriere diese E-Mail.',
    },
    emailChangeCode: {
      subject: 'Dein Code zum Ändern der E-Mail: {{code}}',
      intro: 'Jemand (hoffentlich du) möchte die E-Mail-Adresse deines Kontos auf dem Server {{serverName}} in {{email}} ändern. Gib diesen Code ein, um zu bestätigen, dass diese Adresse dir gehört:',
      outro: 'Der Code gilt 10 Minuten und funktioniert einmal. Warst du es nicht, ignoriere diese E-Mail: deine Adresse bleibt gleich — und ändere dein Passwort.',
    },
    emailChanged: {
      subject: 'Deine E-Mail-Adresse wurde geändert',
      intro: 'Die E-Mail-Adresse deines Kontos auf dem Server {{serverName}} wurde in {{email}} geändert. Zu deiner Sicherheit wurdest du auf deinen anderen Geräten abgemeldet.',
      outro: 'Wenn du das nicht warst, schreib uns sofort über das Kontaktformular der Seite: dein Konto könnte in fremden Händen sein.',
    },
  },
};

const fr: Catalogue = {
  greeting: 'Bonjour {{nickname}},',
  linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
  signature: "À bientôt sur le terrain — l'équipe Football Manager",
  kinds: {
    activation: {
      subject: 'Activez votre compte Football Manager',
      intro: 'Bienvenue dans Football Manager sur le serveur {{serverName}} ! Confirmez votre adresse e-mail pour activer votre compte.',
      action: 'Activer le compte',
      outro: "Le lien est valable 48 heures. Si vous n'avez pas créé ce compte, ignorez cet e-mail.",
    },
    registerExisting: {
      subject: "Quelqu'un a tenté de s'inscrire avec votre e-mail",
      intro: "Quelqu'un (peut-être vous) a tenté de créer un nouveau compte sur le serveur {{serverName}} avec cette adresse. Vous y avez déjà un compte : aucun nouveau compte n'a été créé.",
      action: 'Aller à la connexion',
      outro: "Mot de passe oublié ? Utilisez « Mot de passe oublié ? » dans le formulaire de connexion. Si ce n'était pas vous, ignorez cet e-mail.",
    },
    passwordReset: {
      subject: 'Définissez un nouveau mot de passe',
      intro: 'Nous avons reçu une demande de nouveau mot de passe pour votre compte sur le serveur {{serverName}}.',
      action: 'Définir un nouveau mot de passe',
      outro: "Le lien est valable 1 heure et ne fonctionne qu'une fois. Si vous n'avez rien demandé, ignorez cet e-mail : votre mot de passe ne change pas.",
    },
    deviceCode: {
      subject: 'Votre code de vérification : {{code}}',
      intro: "Quelqu'un se connecte à votre compte sur le serveur {{serverName}} depuis un nouvel appareil. Saisissez ce code pour confirmer que c'est bien vous :",
      outro: "Le code est valable 10 minutes et ne fonctionne qu'une fois. Si ce n'était pas vous, changez votre mot de passe dès maintenant.",
    },
    emailChange: {
      subject: 'Confirmez votre nouvelle adresse e-mail',
      intro: 'Confirmez que {{email}} est la nouvelle adresse e-mail de votre compte sur le serveur {{serverName}}.',
      action: "Confirmer l'e-mail",
      outro: "Le lien est valable 24 heures. Si vous n'avez pas demandé ce changement, ignorez cet e-mail.",
    },
    emailChangeCode: {
      subject: "Ton code pour changer d'e-mail : {{code}}",
      intro: "Quelqu'un (toi, on l'espère) a demandé à remplacer l'adresse e-mail de ton compte sur le serveur {{serverName}} par {{email}}. Saisis ce code pour confirmer que cette adresse est bien la tienne :",
      outro: "Le code est valable 10 minutes et fonctionne une seule fois. Si ce n'était pas toi, ignore cet e-mail : ton adresse ne change pas — et change ton mot de passe.",
    },
    emailChanged: {
      subject: 'Ton adresse e-mail a été modifiée',
      intro: "L'adresse e-mail de ton compte sur le serveur {{serverName}} a été remplacée par {{email}}. Par sécurité, tu as été déconnecté de tes autres appareils.",
      outro: "Si ce n'était pas toi, écris-nous tout de suite via le formulaire de contact du site : ton compte est peut-être entre d'autres mains.",
    },
  },
};

const tr: Catalogue = {
  greeting: 'Merhaba {{nickname}},',
  linkHint: 'Düğme çalışmazsa bu bağlantıyı tarayıcına kopyala:',
  signature: 'Sahada görüşmek üzere — Football Manager ekibi',
  kinds: {
    activation: {
      subject: 'Football Manager hesabını etkinleştir',
      intro: '{{serverName}} sunucusunda Football Manager’a hoş geldin! Hesabını etkinleştirmek için e-posta adresini onayla.',
      action: 'Hesabı etkinleştir',
      outro: 'Bağlantı 48 saat geçerlidir. Bu hesabı sen oluşturmadıysan bu e-postayı dikkate alma.',
    },
    registerExisting: {
      subject: 'Biri senin e-postanla kayıt olmaya çalıştı',
      intro: 'Biri (belki sen) {{serverName}} sunucusunda bu e-posta adresiyle yeni bir hesap oluşturmaya çalıştı. Orada zaten bir hesabın olduğu için yeni hesap oluşturulmadı.',
      action: 'Girişe git',
      outro: 'Şifreni mi unuttun? Giriş formundaki "Şifremi unuttum" seçeneğini kullan. Bu sen değilsen bu e-postayı dikkate alma.',
    },
    passwordReset: {
      subject: 'Yeni bir şifre belirle',
      intro: '{{serverName}} sunucusundaki hesabın için yeni şifre belirleme isteği aldık.',
      action: 'Yeni şifre belirle',
      outro: 'Bağlantı 1 saat geçerlidir ve bir kez çalışır. Bunu sen istemediysen bu e-postayı dikkate alma: şifren değişmez.',
    },
    deviceCode: {
      subject: 'Doğrulama kodun: {{code}}',
      intro: 'Biri {{serverName}} sunucusundaki hesabına yeni bir cihazdan giriş yapıyor. Sen olduğunu onaylamak için bu kodu gir:',
      outro: 'Kod 10 dakika geçerlidir ve bir kez çalışır. Bu sen değilsen şifreni hemen değiştir.',
    },
    emailChange: {
      subject: 'Yeni e-posta adresini onayla',
      intro: '{{email}} adresinin {{serverName}} sunucusundaki hesabının yeni e-posta adresi olduğunu onayla.',
      action: 'E-postayı onayla',
      outro: 'Bağlantı 24 saat geçerlidir. Bu değişikliği sen istemediysen bu e-postayı dikkate alma.',
    },
    emailChangeCode: {
      subject: 'E-posta değiştirme kodun: {{code}}',
      intro: 'Biri (umarız sen) {{serverName}} sunucusundaki hesabının e-posta adresini {{email}} olarak değiştirmek istedi. Bu adresin sana ait olduğunu onaylamak için bu kodu gir:',
      outro: 'Kod 10 dakika geçerlidir ve bir kez çalışır. Bu sen değilsen bu e-postayı dikkate alma: adresin aynı kalır — ve şifreni değiştir.',
    },
    emailChanged: {
      subject: 'E-posta adresin değiştirildi',
      intro: '{{serverName}} sunucusundaki hesabının e-posta adresi {{email}} olarak değiştirildi. Güvenliğin için diğer cihazlarındaki oturumların kapatıldı.',
      outro: 'Bu değişikliği sen yapmadıysan hemen sitedeki iletişim formundan bize yaz: hesabın başkasının elinde olabilir.',
    },
  },
};

export const MAIL_CATALOGUES: Record<LocaleCode, Catalogue> = { en, ru, pl, br, es, it, de, fr, tr };

/** A rendered e-mail. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');
/** Escapes text for HTML element content and attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Renders one e-mail.
 * @param vars `nickname`, `serverName`, and per kind `link` (mails with a button), `code`, `email`
 */
export function renderMail(kind: MailKind, lang: LocaleCode, vars: { nickname: string; serverName: string; link?: string; code?: string; email?: string }): RenderedMail {
  const cat = MAIL_CATALOGUES[lang] ?? en;
  const m = cat.kinds[kind];
  const v: Record<string, string> = { ...vars } as Record<string, string>;
  const subject = fill(m.subject, v);
  const greeting = fill(cat.greeting, v);
  const intro = fill(m.intro, v);
  const outro = fill(m.outro, v);
  const textParts = [greeting, '', intro, ''];
  if (vars.code) textParts.push(`    ${vars.code}`, '');
  if (vars.link && m.action) textParts.push(`${m.action}: ${vars.link}`, '');
  textParts.push(outro, '', cat.signature);
  const text = textParts.join('\n');

  const e = (s: string) => escapeHtml(s);
  const block = vars.code
    ? `<p style="margin:24px 0;text-align:center"><span style="display:inline-block;font:700 32px/1.2 'Courier New',monospace;letter-spacing:8px;padding:14px 24px;border-radius:12px;background:#eef3ff;color:#0b1220" data-code="${e(vars.code)}">${e(vars.code)}</span></p>`
    : vars.link && m.action
      ? `<p style="margin:28px 0;text-align:center"><a href="${e(vars.link)}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#2fd07a;color:#04140b;font-weight:700;text-decoration:none">${e(m.action)}</a></p>
<p style="font-size:13px;color:#5b6b8a">${e(cat.linkHint)}<br><a href="${e(vars.link)}" style="color:#1fa862;word-break:break-all">${e(vars.link)}</a></p>`
      : '';
  const html = `<!doctype html><html lang="${lang === 'br' ? 'pt' : lang}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f2f5fb;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#1c2c4a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;overflow:hidden;box-shadow:0 6px 24px rgba(11,18,32,.12)">
<div style="background:#0b1220;color:#eef3ff;padding:18px 28px;font:800 20px/1.2 Montserrat,Segoe UI,sans-serif">⚽ Football Manager <span style="color:#2fd07a;font-size:14px;font-weight:600">· ${e(vars.serverName)}</span></div>
<div style="padding:28px">
<p style="margin:0 0 12px;font-weight:600">${e(greeting)}</p>
<p style="margin:0 0 12px;line-height:1.55">${e(intro)}</p>
${block}
<p style="margin:0 0 12px;line-height:1.55;color:#3a4a6a">${e(outro)}</p>
<p style="margin:24px 0 0;color:#5b6b8a">${e(cat.signature)}</p>
</div></div></body></html>`;
  return { subject, text, html };
}
