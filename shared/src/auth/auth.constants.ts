// Auth limits and pt-BR messages without Zod: a screen that needs only them does not
// download Zod on its first load (docs/decisions/013-first-screen.md). auth.schema.ts re-exports them.

import { LOGOUT_SUCCESS_MESSAGE } from './session-texts.ts';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const BLOCK_MAX_LENGTH = 5;
export const APARTMENT_MAX_LENGTH = 10;
export const FULL_NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;

export const AUTH_MESSAGES = {
  cpfInvalid: 'CPF inválido',
  requiredFields: 'Preencha todos os campos obrigatórios',
  fullNameRequired: 'Informe seu nome completo',
  emailInvalid: 'Informe um e-mail válido',
  emailRequired: 'Informe seu e-mail',
  passwordRequired: 'Informe sua senha',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres',
  passwordTooLong: 'A senha deve ter no máximo 128 caracteres',
  passwordTooCommon: 'Essa senha é muito comum. Escolha uma senha mais difícil de adivinhar.',
  passwordsDontMatch: 'As senhas não coincidem',
  phoneInvalid: 'Telefone inválido. Use o formato (11) 99999-9999',
  blockTooLong: 'O bloco deve ter no máximo 5 caracteres',
  apartmentTooLong: 'O apartamento deve ter no máximo 10 caracteres',
  loginFailed: 'Email ou senha incorretos',
  signUpSuccess: 'Cadastro realizado com sucesso! Você já pode fazer login.',
  loginSuccess: 'Login realizado com sucesso!',
  logoutSuccess: LOGOUT_SUCCESS_MESSAGE,
  emailTaken: 'Este e-mail já está cadastrado.',
  cpfTaken: 'Este CPF já está cadastrado.',
  resetRequested: 'Se o e-mail estiver cadastrado, você receberá um link para criar uma nova senha.',
  resetInvalid: 'Este link é inválido ou expirou. Peça um novo link de recuperação.',
  resetSuccess: 'Senha redefinida! Entre com a nova senha.',
  passwordChanged: 'Senha alterada com sucesso!',
  currentPasswordWrong: 'Senha atual incorreta',
  signInLinkRequested: 'Se o e-mail estiver cadastrado, você receberá um link de acesso. Ele vale por 15 minutos e só pode ser usado uma vez.',
  signInLinkInvalid: 'Este link de acesso é inválido, expirou ou já foi usado. Peça um novo na tela de login.',
} as const;
